import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { ADDRESS_MAX_LENGTH, EMERGENCY_CONTACT_MAX_LENGTH, type UpdateProfileInput } from "#shared/account.ts";
import { PHONE_MAX_LENGTH } from "#shared/phone.ts";
import { profileFormFor } from "#shared/phone-forms.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { FormAlert, TextField } from "../../components/ui/form.tsx";
import { type AccountRole, useUpdateProfile } from "../../features/account/hooks.ts";
import { errorMessage } from "../../lib/errors.ts";
import { usePhoneRegion } from "../../lib/school-zone.ts";

export type ProfileValues = {
  phone: string | null;
  address: string | null;
  emergencyContact: string | null;
  emergencyPhone: string | null;
};

/**
 * Edit Profile: phone and address, and for a parent the emergency contact and its phone, with the
 * rules of sign-up (a parent's emergency fields required, phones valid in the school's region). The
 * server applies the same rules; its refusal shows in the dialog.
 */
export default function EditProfileDialog({
  open,
  onOpenChange,
  role,
  profile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: AccountRole;
  profile: ProfileValues;
}) {
  const region = usePhoneRegion();
  const schema = useMemo(() => profileFormFor(role, region), [role, region]);
  const save = useUpdateProfile(role, () => onOpenChange(false));
  const parent = role === "parent";
  const { t } = useLingui();
  const saved = useMemo(
    () => ({
      phone: profile.phone ?? "",
      address: profile.address ?? "",
      ...(parent
        ? { emergencyContact: profile.emergencyContact ?? "", emergencyPhone: profile.emergencyPhone ?? "" }
        : {}),
    }),
    [profile, parent],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UpdateProfileInput>({ resolver: zodResolver(schema), defaultValues: saved });
  // Each opening starts from what is saved (an edit left by Cancel is dropped).
  const { reset: resetSave } = save;
  useEffect(() => {
    if (!open) return;
    reset(saved);
    resetSave();
  }, [open, saved, reset, resetSave]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Edit Profile`}
      description={t`Numbers without + and a country code are read as your school's country's.`}
    >
      <form noValidate className="space-y-4" onSubmit={handleSubmit((values) => save.mutate(values))}>
        {save.isError ? (
          <FormAlert>{errorMessage(save.error, t`Failed to save your profile. Please try again.`)}</FormAlert>
        ) : null}
        <TextField
          label={t`Phone (optional)`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          error={errors.phone?.message}
          {...register("phone")}
        />
        <TextField
          label={t`Address (optional)`}
          autoComplete="street-address"
          maxLength={ADDRESS_MAX_LENGTH}
          error={errors.address?.message}
          {...register("address")}
        />
        {parent ? (
          <>
            <TextField
              label={t`Emergency contact`}
              autoComplete="off"
              maxLength={EMERGENCY_CONTACT_MAX_LENGTH}
              error={errors.emergencyContact?.message}
              {...register("emergencyContact")}
            />
            <TextField
              label={t`Emergency phone`}
              type="tel"
              autoComplete="off"
              inputMode="tel"
              maxLength={PHONE_MAX_LENGTH}
              error={errors.emergencyPhone?.message}
              {...register("emergencyPhone")}
            />
          </>
        ) : null}
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t`Save Profile`}
          pendingLabel={t`Saving…`}
          pending={save.isPending}
        />
      </form>
    </Dialog>
  );
}
