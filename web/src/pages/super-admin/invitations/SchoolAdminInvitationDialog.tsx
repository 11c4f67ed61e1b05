import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { createSchoolAdminInvitationInput } from "#shared/invitations.ts";
import { SEARCH_MAX_LENGTH } from "#shared/search.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { useCreateSchoolAdminInvitation, useInvitableSchools } from "../../../features/invitations/hooks.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";

type Values = z.infer<typeof createSchoolAdminInvitationInput>;

/** "Invite School Admin": name, e-mail and a school (without one: "Please select a school for the admin"). */
export function SchoolAdminInvitationDialog({
  open,
  onOpenChange,
  school,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselected school (from a school's row); otherwise the admin picks one. */
  school?: { id: string; name: string };
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState("");
  const options = useInvitableSchools(search, open && !school);
  const { register, handleSubmit, reset, formState } = useForm<Values>({
    resolver: zodResolver(createSchoolAdminInvitationInput),
    defaultValues: { name: "", email: "", schoolId: school?.id ?? "" },
  });
  useEffect(() => {
    if (open) reset({ name: "", email: "", schoolId: school?.id ?? "" });
  }, [open, school?.id, reset]);

  const invitation = useCreateSchoolAdminInvitation();

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Invite School Admin`}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => invitation.mutate(values, { onSuccess: () => onOpenChange(false) }))}
      >
        <TextField
          label={t`Admin name`}
          autoComplete="off"
          error={formState.errors.name?.message}
          maxLength={maxLengthOf(createSchoolAdminInvitationInput.shape.name)}
          {...register("name")}
        />
        <TextField
          label={t`Admin email`}
          type="email"
          autoComplete="off"
          error={formState.errors.email?.message}
          maxLength={maxLengthOf(createSchoolAdminInvitationInput.shape.email)}
          {...register("email")}
        />
        {school ? (
          <p className="text-sm text-slate-700">
            <SchoolName name={school.name} />
          </p>
        ) : (
          <div className="space-y-2">
            <TextField
              label={t`Find a school`}
              type="search"
              maxLength={SEARCH_MAX_LENGTH}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <div>
              <label htmlFor="invite-school" className="block text-sm font-medium text-slate-700">
                <Trans>School</Trans>
              </label>
              <select
                id="invite-school"
                aria-invalid={formState.errors.schoolId ? true : undefined}
                aria-describedby={formState.errors.schoolId ? "invite-school-error" : undefined}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
                {...register("schoolId")}
              >
                <option value="">{t`Select a school…`}</option>
                {(options.data ?? []).map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
              {formState.errors.schoolId ? (
                <p id="invite-school-error" className="mt-1 text-sm text-red-700">
                  {sharedText(formState.errors.schoolId.message)}
                </p>
              ) : null}
            </div>
          </div>
        )}
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t`Send Invitation`}
          pendingLabel={t`Sending…`}
          pending={invitation.isPending}
        />
      </form>
    </Dialog>
  );
}

function SchoolName({ name }: { name: string }) {
  return (
    <Trans>
      School: <strong>{name}</strong>
    </Trans>
  );
}
