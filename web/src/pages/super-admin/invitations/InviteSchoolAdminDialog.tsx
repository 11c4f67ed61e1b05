import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { createSchoolAdminInvitationInput } from "#shared/invitations.ts";
import { SEARCH_MAX_LENGTH } from "#shared/search.ts";
import { Dialog, DialogActions } from "../../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../../components/ui/form.tsx";
import { useCreateSchoolAdminInvitation, useInvitableSchools } from "../../../features/invitations/hooks.ts";

type Values = z.infer<typeof createSchoolAdminInvitationInput>;

/** "Invite School Admin": name, e-mail and a school (spec §5: "Please select a school for the admin"). */
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
  const [search, setSearch] = useState("");
  const options = useInvitableSchools(search, open && !school);
  const { register, handleSubmit, reset, formState } = useForm<Values>({
    resolver: zodResolver(createSchoolAdminInvitationInput),
    defaultValues: { name: "", email: "", schoolId: school?.id ?? "" },
  });
  useEffect(() => {
    if (open) reset({ name: "", email: "", schoolId: school?.id ?? "" });
  }, [open, school?.id, reset]);

  const invite = useCreateSchoolAdminInvitation();

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Invite School Admin">
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => invite.mutate(values, { onSuccess: () => onOpenChange(false) }))}
      >
        <TextField
          label="Admin name"
          autoComplete="off"
          error={formState.errors.name?.message}
          maxLength={maxLengthOf(createSchoolAdminInvitationInput.shape.name)}
          {...register("name")}
        />
        <TextField
          label="Admin email"
          type="email"
          autoComplete="off"
          error={formState.errors.email?.message}
          maxLength={maxLengthOf(createSchoolAdminInvitationInput.shape.email)}
          {...register("email")}
        />
        {school ? (
          <p className="text-sm text-slate-700">
            School: <strong>{school.name}</strong>
          </p>
        ) : (
          <div className="space-y-2">
            <TextField
              label="Find a school"
              type="search"
              maxLength={SEARCH_MAX_LENGTH}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <div>
              <label htmlFor="invite-school" className="block text-sm font-medium text-slate-700">
                School
              </label>
              <select
                id="invite-school"
                aria-invalid={formState.errors.schoolId ? true : undefined}
                aria-describedby={formState.errors.schoolId ? "invite-school-error" : undefined}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
                {...register("schoolId")}
              >
                <option value="">Select a school…</option>
                {(options.data ?? []).map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
              {formState.errors.schoolId ? (
                <p id="invite-school-error" className="mt-1 text-sm text-red-700">
                  {formState.errors.schoolId.message}
                </p>
              ) : null}
            </div>
          </div>
        )}
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel="Send Invitation"
          pendingLabel="Sending…"
          pending={invite.isPending}
        />
      </form>
    </Dialog>
  );
}
