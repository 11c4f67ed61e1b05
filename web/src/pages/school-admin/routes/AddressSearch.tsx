import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MapPin, Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { GEOCODE_LIMITS } from "#shared/route-texts.ts";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { TextField } from "../../../components/ui/form.tsx";
import { type GeocodedPlace, useGeocode } from "../../../features/routes/hooks.ts";
import { errorMessage } from "../../../lib/errors.ts";

const MAX_STOP_NAME = 120;

/**
 * A stop's name from a place's label: its first part, with the house number Nominatim writes as a
 * part of its own ("120, Main Street, …" → "120 Main Street").
 */
export function stopNameOf(label: string): string {
  const [first = "", second] = label.split(",").map((part) => part.trim());
  const name = /^\d+[a-z]?$/i.test(first) && second ? `${first} ${second}` : first;
  return (name || label).slice(0, MAX_STOP_NAME).trim();
}

/**
 * "Find an address" (ADR 0054): the admin types an address and presses Enter or Search (no search
 * as they type: the geocoder's usage policy forbids autocomplete); the places found open as a
 * listbox under the field (a combobox: Down and Up move through them, Enter adds the one chosen
 * as a stop, Escape closes the list), and a click adds one too.
 */
export default function AddressSearch({ onPick }: { onPick: (place: GeocodedPlace, name: string) => void }) {
  const { t } = useLingui();
  const search = useGeocode();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-places`;
  const places = search.data?.places ?? [];
  const expanded = open && places.length > 0;
  const optionId = (index: number) => `${id}-place-${index}`;
  // The option chosen with the arrow keys stays in view when the list scrolls.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-place-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const submit = () => {
    const query = text.trim();
    if (query === "" || search.isPending) return;
    setActive(-1);
    search.mutate(query, { onSettled: () => setOpen(true) });
  };
  const pick = (place: GeocodedPlace) => {
    onPick(place, stopNameOf(place.label));
    setOpen(false);
    setActive(-1);
    setText("");
    search.reset();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && places.length > 0) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive((current) => (current + step + places.length + (current < 0 && step < 0 ? 1 : 0)) % places.length);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      pick(places[active]!);
    }
  };

  const query = search.variables ?? "";
  const status = search.isPending
    ? t`Searching…`
    : search.isError
      ? errorMessage(search.error)
      : search.isSuccess && open
        ? places.length === 0
          ? t`No places found for “${query}”.`
          : t`${plural(places.length, {
              one: "# place found: choose one with the arrow keys and Enter, or click it, to add a stop there.",
              other: "# places found: choose one with the arrow keys and Enter, or click it, to add a stop there.",
            })}`
        : "";

  return (
    <search aria-label={t`Find an address`} className="mb-3 block">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex items-end gap-2">
          <TextField
            label={t`Find an address`}
            type="search"
            className="min-w-0 flex-1"
            autoComplete="off"
            maxLength={GEOCODE_LIMITS.maxQuery}
            placeholder={t`e.g. 120 Main Street, Naperville`}
            role="combobox"
            aria-autocomplete="none"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
          <SecondaryButton type="submit" className="min-h-11 shrink-0" disabled={search.isPending}>
            <Search aria-hidden="true" className="h-4 w-4" />
            <Trans>Search</Trans>
          </SecondaryButton>
        </div>
        <p
          role="status"
          className={`mt-1 text-sm ${search.isError ? "text-red-700" : "text-slate-600"} ${status ? "" : "sr-only"}`}
        >
          {status}
        </p>
        <div
          id={listId}
          role="listbox"
          aria-label={t`Places found`}
          hidden={!expanded}
          className="mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-sm"
        >
          {places.map((place, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses through the field (aria-activedescendant), which keeps the focus
            <div
              key={`${place.lat},${place.lng},${place.label}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="flex cursor-pointer items-start gap-2 border-b border-slate-100 px-3 py-2 text-sm text-ink last:border-b-0 hover:bg-slate-50 aria-selected:bg-brand-50 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-brand-500"
              // The field keeps the focus (the combobox pattern); the click adds the stop.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
            >
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
              <span className="min-w-0 wrap-anywhere">{place.label}</span>
            </div>
          ))}
        </div>
      </form>
    </search>
  );
}
