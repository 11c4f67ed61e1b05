import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { type FieldError, useForm } from "react-hook-form";
import {
  CHILD_AGE,
  CHILD_MESSAGES,
  type ChildForm,
  type ChildValues,
  childFormSchema,
  childFormValues,
  GRADES,
} from "#shared/children.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { TextField } from "../../components/ui/form.tsx";
import { gradeLabel } from "../../features/children/grades.ts";
import { type ChildRow, useSaveChild } from "../../features/children/hooks.ts";
import { sharedText } from "../../i18n/shared-texts.ts";

const fieldClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none aria-[invalid=true]:border-red-500";

function defaults(child: ChildRow | null, school: string): ChildForm {
  if (!child)
    return {
      name: "",
      age: "",
      grade: "" as ChildForm["grade"],
      school,
      busRoute: "",
      busNumber: "",
      allergyInfo: "",
      specialNeeds: "",
      emergencyContact: "",
    };
  return childFormValues(child);
}

/** One of the form's three sections. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 sm:rounded-lg sm:border sm:border-slate-200 sm:px-4 sm:pt-1 sm:pb-4">
      <legend className="text-sm font-semibold text-ink sm:px-1">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled select or text area with its error, wired as TextField does. */
function Labelled({
  label,
  error,
  children,
}: {
  label: string;
  error?: FieldError | undefined;
  children: (props: { id: string; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(error ? { id, "aria-describedby": `${id}-error` } : { id })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Add Child / Edit Child: basic information, transportation details, health and safety.
 * The bus route offers the school's route names (so trip updates find the child); any text is allowed.
 */
export default function ChildFormDialog({
  open,
  onOpenChange,
  child,
  school,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The child to edit, or null to add one. */
  child: ChildRow | null;
  /** A new child's school, prefilled (the parent's school). */
  school: string;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChildForm, unknown, ChildValues>({
    resolver: zodResolver(childFormSchema),
    defaultValues: defaults(child, school),
  });
  const save = useSaveChild(() => onOpenChange(false));
  const { i18n, t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={child ? t`Edit Child` : t`Add Child`}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => {
          if (save.isPending) return;
          if (child) save.update.mutate({ childId: child.id, child: values });
          else save.create.mutate({ child: values });
        })}
      >
        <Section title={t`Basic Information`}>
          <TextField
            label={t`Full Name`}
            autoComplete="off"
            autoFocus
            maxLength={120}
            error={errors.name?.message}
            {...register("name")}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t`Age`}
              type="number"
              inputMode="numeric"
              min={CHILD_AGE.min}
              max={CHILD_AGE.max}
              step={1}
              error={errors.age?.message}
              {...register("age")}
            />
            <Labelled label={t`Grade`} error={errors.grade}>
              {(props) => (
                <select
                  className={fieldClass}
                  aria-invalid={errors.grade ? true : undefined}
                  {...props}
                  {...register("grade")}
                >
                  <option value="">{t`Select grade`}</option>
                  {GRADES.map((grade) => (
                    <option key={grade} value={grade}>
                      {gradeLabel(i18n, grade)}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
          </div>
          <TextField label={t`School`} maxLength={160} error={errors.school?.message} {...register("school")} />
        </Section>
        <Section title={t`Transportation Details`}>
          {/* The school's assignment, read-only here: the card shows the stops, times and bus. The
              record's own route and bus number (older records) travel unchanged with the form. */}
          <p className="text-sm text-slate-700">{sharedText(CHILD_MESSAGES.transportBySchool)}</p>
        </Section>
        <Section title={t`Health & Safety Information`}>
          <Labelled label={t`Allergies`} error={errors.allergyInfo}>
            {(props) => (
              <textarea
                rows={2}
                maxLength={1000}
                className={fieldClass}
                placeholder={t`e.g. Peanuts`}
                {...props}
                {...register("allergyInfo")}
              />
            )}
          </Labelled>
          <Labelled label={t`Special Needs`} error={errors.specialNeeds}>
            {(props) => (
              <textarea rows={2} maxLength={1000} className={fieldClass} {...props} {...register("specialNeeds")} />
            )}
          </Labelled>
          <TextField
            label={t`Emergency Contact`}
            autoComplete="off"
            maxLength={200}
            placeholder={t`Name and phone number`}
            error={errors.emergencyContact?.message}
            {...register("emergencyContact")}
          />
        </Section>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={child ? t`Save Changes` : t`Add Child`}
          pendingLabel={t`Saving…`}
          pending={save.isPending}
        />
      </form>
    </Dialog>
  );
}
