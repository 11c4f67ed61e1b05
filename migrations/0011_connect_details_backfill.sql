-- Accounts connected before onboarding completion was tracked could already charge: they finished it.
UPDATE `schools` SET `connect_details_submitted` = 1 WHERE `stripe_connect_account_id` IS NOT NULL AND `connect_charges_enabled` = 1;
