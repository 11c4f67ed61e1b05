import { zodResolver } from "@hookform/resolvers/zod";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES } from "#shared/enums.ts";
import { NOTIFICATION_MESSAGES, type NotificationAudience, sendNotificationInput } from "#shared/notifications.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { EnumSelectField, maxLengthOf, TextField } from "../../components/ui/form.tsx";
import { NOTIFICATION_CATEGORY_LABELS, NOTIFICATION_TYPE_LABELS } from "../../features/notifications/labels.tsx";
import { useSendNotification } from "../../features/notifications/send-hooks.ts";
import { ActiveParentPicker } from "../../features/parents/ParentPicker.tsx";
import { useRouteNames } from "../../features/trips/hooks.ts";

/** The form is flat; the audience becomes the contract's tagged value on submit. */
const formSchema = sendNotificationInput
  .omit({ audience: true })
  .extend({
    audienceKind: z.enum(["school", "route", "parent"]),
    routeName: z.string().trim().max(120),
    parentId: z.string().max(64),
  })
  .superRefine((values, ctx) => {
    if (values.audienceKind === "route" && !values.routeName)
      ctx.addIssue({ code: "custom", path: ["routeName"], message: NOTIFICATION_MESSAGES.routeName });
    if (values.audienceKind === "parent" && !values.parentId)
      ctx.addIssue({ code: "custom", path: ["parentId"], message: NOTIFICATION_MESSAGES.parent });
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function audienceOf(values: FormOutput): NotificationAudience {
  if (values.audienceKind === "route") return { kind: "route", routeName: values.routeName };
  if (values.audienceKind === "parent") return { kind: "parent", parentId: values.parentId };
  return { kind: "school" };
}

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";
const labelClass = "block text-sm font-medium text-slate-700";

/** Send Notification (school admin): to every parent, one route's parents or one parent, with an optional e-mail copy. */
export default function SendNotificationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const routes = useRouteNames();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      title: "",
      message: "",
      type: "info",
      category: "system",
      audienceKind: "school",
      routeName: "",
      parentId: "",
      email: false,
    },
  });
  const send = useSendNotification(() => onOpenChange(false));
  const kind = watch("audienceKind");
  const ids = { message: useId(), routes: useId() };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Send Notification`}
      description={t`Each parent gets their own copy in SchoolRide.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) =>
          send.mutate({
            title: values.title,
            message: values.message,
            type: values.type,
            category: values.category,
            email: values.email,
            audience: audienceOf(values),
          }),
        )}
      >
        <TextField label={t`Title`} autoFocus maxLength={120} error={errors.title?.message} {...register("title")} />
        <div>
          <label htmlFor={ids.message} className={labelClass}>
            <Trans>Message</Trans>
          </label>
          <textarea
            id={ids.message}
            rows={4}
            maxLength={2000}
            className={selectClass}
            aria-invalid={errors.message ? true : undefined}
            {...register("message")}
          />
          {errors.message ? <p className="mt-1 text-sm text-red-700">{errors.message.message}</p> : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <EnumSelectField
            label={t`Type`}
            values={NOTIFICATION_TYPES}
            labels={NOTIFICATION_TYPE_LABELS}
            {...register("type")}
          />
          <EnumSelectField
            label={t`Category`}
            values={NOTIFICATION_CATEGORIES}
            labels={NOTIFICATION_CATEGORY_LABELS}
            {...register("category")}
          />
        </div>
        <fieldset>
          <legend className={labelClass}>
            <Trans>Send to</Trans>
          </legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-4">
            {(
              [
                ["school", msg`All parents`],
                ["route", msg`Parents on a route`],
                ["parent", msg`One parent`],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={value} className="h-4 w-4" {...register("audienceKind")} />
                {i18n._(label)}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === "route" ? (
          <>
            <TextField
              label={t`Route`}
              list={ids.routes}
              placeholder={t`e.g. North Loop`}
              error={errors.routeName?.message}
              maxLength={maxLengthOf(formSchema.shape.routeName)}
              {...register("routeName")}
            />
            <datalist id={ids.routes}>
              {routes.data?.routes.map((route) => (
                <option key={route} value={route} />
              ))}
            </datalist>
          </>
        ) : null}
        {kind === "parent" ? (
          <ActiveParentPicker label={t`Parent`} field={register("parentId")} error={errors.parentId?.message} />
        ) : null}
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" {...register("email")} />
          <Trans>Also send each recipient an e-mail copy</Trans>
        </label>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t`Send`}
          pendingLabel={t`Sending…`}
          pending={send.isPending}
        />
      </form>
    </Dialog>
  );
}
