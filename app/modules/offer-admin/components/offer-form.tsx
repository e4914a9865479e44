import { CONFORM_INTENT } from "~/components/forms/conform-intent.ts";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { adminButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Field, inputClass, FormNotice } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { useValidateOnChange } from "~/components/forms/use-validate-on-change.ts";
import type { CityWithNeighbourhoods } from "~/modules/lookups/city-choices.ts";
import { BUILDING_USE_OPTIONS, FACADE_OPTIONS } from "~/modules/lookups/defaults.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { isAdvertisedStatus } from "~/modules/ad-licences/index.ts";
import { RENT_STATUS } from "~/modules/ad-licences/index.ts";
import { DETAIL_LABELS } from "~/modules/offers/index.ts";
import { coordinatesFromMapLink, type Coordinates } from "~/modules/maps/map-link.ts";
import { LAND_TYPE, OFFER_FORM_MESSAGES, offerFormSchema, type OfferFormValues } from "../offer-form-schema.ts";
import { LocationPicker } from "~/modules/maps/components/location-picker.tsx";
import { AdLicenceSection, RentPeriodField } from "./ad-licence-section.tsx";
import { LookupSelect } from "./lookup-select.tsx";
import { Required } from "~/components/forms/required.tsx";
import { Section, TextField } from "./offer-form-parts.tsx";
import { PhotoManager, type PhotoItem } from "./photo-manager.tsx";
import { UnitsEditor } from "./units-editor.tsx";

/** The offer the form starts from, as the page's loader sends it. */
export interface OfferFormInitial {
  id?: number;
  values: OfferFormValues;
  photos: ImageRef[];
}

export interface OfferFormChoices {
  cities: CityWithNeighbourhoods[];
  propertyTypes: string[];
  unitTypes: string[];
  statuses: string[];
}

/** A box to tick; `value` for one of a group sharing a name (the facade's directions). */
function Check({ name, label, defaultChecked, value }: { name: string; label: string; defaultChecked: boolean; value?: string }) {
  return (
    <label className="flex items-center gap-2 font-bold text-stone-700">
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} className="size-5 accent-brand-700" />
      {label}
    </label>
  );
}

/** The first message about a field or anything inside it (a photo of the list, a unit's floor). */
function firstError(allErrors: Record<string, string[]>): string | undefined {
  return Object.values(allErrors).flat()[0];
}

/**
 * The offer form of the back office, for a new offer and for editing one. A form
 * post to the page's own action, checked as staff type with the same schema as the server
 * (decision 014). The texts, numbers and boxes are plain fields; what the page holds itself (the
 * lists with an "other" choice, the units, the map point and the photos) is posted as named
 * controls or hidden fields and checked again whenever it changes. A refused or failed save keeps
 * everything typed and every photo (decision 008); a save goes back to the list with its message.
 */
export function OfferForm({
  initial,
  choices,
  licenceRequired,
  tileUrl,
  regaOn = false,
}: {
  initial: OfferFormInitial;
  choices: OfferFormChoices;
  licenceRequired: boolean;
  /** REGA's verification is configured on the server: «تحقق من الترخيص» is offered (decision 047). */
  regaOn?: boolean;
  /** The maps' tile address (settings). */
  tileUrl: string;
}) {
  const fetcher = useFetcher<FormReply>();
  // A post that did not go through the page's script (sent before it loaded) answers here.
  const posted = useActionData<FormReply>();
  // Conform holds what is typed; the page holds the units and the map point (below).
  const { units: startUnits, coordinates: startPoint, ...typed } = initial.values;
  const [propertyType, setPropertyType] = useState(initial.values.propertyType);
  const [status, setStatus] = useState(initial.values.status);
  const [place, setPlace] = useState({ city: initial.values.city, location: initial.values.location });
  const [units, setUnits] = useState(startUnits);
  const [coordinates, setCoordinates] = useState<Coordinates | null>(startPoint);
  const [photos, setPhotos] = useState<PhotoItem[]>(() => initial.photos.map((image) => ({ key: image.id, state: "stored", image })));
  // What the page holds itself, against what it started from: a change asks before the page is left.
  const held = JSON.stringify([propertyType, status, place.city, place.location, units, coordinates, photos.map((p) => (p.state === "stored" ? p.image.id : p.key))]);
  const startHeld = JSON.stringify([
    initial.values.propertyType,
    initial.values.status,
    initial.values.city,
    initial.values.location,
    startUnits,
    startPoint,
    initial.photos.map((image) => image.id),
  ]);
  const [form, fields] = useAppForm({
    id: initial.id ? `offer-${initial.id}` : "offer-new",
    schema: offerFormSchema,
    lastResult: fetcher.data ?? posted,
    defaultValue: typed,
    ownChanges: held !== startHeld,
  });
  const details = fields.details.getFieldset();
  const formRef = useRef<HTMLFormElement>(null);
  /** Photos still on their way or refused when staff pressed save: said until the photos change. */
  const [photoProblem, setPhotoProblem] = useState<"uploading" | "failed" | null>(null);
  const updatePhotos = useCallback((update: (items: PhotoItem[]) => PhotoItem[]) => {
    setPhotos(update);
    setPhotoProblem(null);
  }, []);
  const storedPhotos = photos.flatMap((p) => (p.state === "stored" ? [p.image.id] : []));
  useValidateOnChange(form, fields.photos.name, storedPhotos);
  useValidateOnChange(form, fields.units.name, units);

  const isLand = propertyType === LAND_TYPE;
  const saving = fetcher.state !== "idle";
  const cityNeighbourhoods = choices.cities.find((c) => c.name === place.city)?.neighbourhoods ?? [];

  /** Brings the first field with a message into view, if the checks did not focus one (a photo, a unit). */
  const errorId = form.errorId;
  const focusFirstProblem = useCallback(() => {
    requestAnimationFrame(() => {
      const element = formRef.current;
      const focused = document.activeElement;
      if (!element || (focused && element.contains(focused) && focused.getAttribute("aria-invalid") === "true")) return;
      const field = element.querySelector<HTMLElement>("[aria-invalid='true']");
      // A message about the whole form only (the server could not be reached): it sits at the top of
      // a long form, far from the save button at the bottom, so it is brought into view.
      if (field) field.focus();
      else document.getElementById(errorId)?.scrollIntoView({ block: "center" });
    });
  }, [errorId]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.status === "error") focusFirstProblem();
  }, [fetcher.state, fetcher.data, focusFirstProblem]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const check = submitter?.name === CONFORM_INTENT;
    if (!check && photos.some((p) => p.state !== "stored")) {
      event.preventDefault();
      setPhotoProblem(photos.some((p) => p.state === "uploading") ? "uploading" : "failed");
      focusFirstProblem();
      return;
    }
    form.onSubmit(event);
    if (!check && event.defaultPrevented) focusFirstProblem();
  }

  const notices = new Set(form.errors ?? []);
  if (photoProblem === "uploading") notices.add(OFFER_FORM_MESSAGES.photosUploading);
  const fieldErrors = Object.keys(form.allErrors).some((name) => name !== "");
  if ((form.status === "error" && fieldErrors) || photoProblem === "failed") notices.add(OFFER_FORM_MESSAGES.fixErrors);
  const photoError = photoProblem === "failed" ? OFFER_FORM_MESSAGES.photosFailed : firstError(fields.photos.allErrors);

  return (
    <fetcher.Form ref={formRef} method="post" id={form.id} onSubmit={submit} noValidate className="grid gap-5" aria-label={initial.id ? "تعديل العرض" : "إضافة عرض جديد"}>
      <FormNotice id={form.errorId} errors={[...notices]} />

      <Section title="المعلومات الأساسية">
        <TextField meta={fields.title} label="عنوان العقار" required wide />
        <TextField meta={fields.price} label="السعر (ريال)" required inputMode="decimal" />
        <TextField meta={fields.area} label="المساحة (م²)" required inputMode="decimal" />
        <LookupSelect meta={fields.status} label="حالة العرض" options={choices.statuses} value={status} onChange={setStatus} otherLabel="حالة أخرى" />
        {status === RENT_STATUS ? <RentPeriodField meta={fields.rentPeriod} /> : null}
        <TextField meta={fields.description} label="الوصف" required multiline />
      </Section>

      <Section title="الموقع والتصنيف">
        <LookupSelect
          meta={fields.city}
          label="المدينة"
          options={choices.cities.map((c) => c.name)}
          value={place.city}
          placeholder="اختر المدينة"
          onChange={(city) => setPlace((p) => ({ city, location: city === p.city ? p.location : "" }))}
          otherLabel="مدينة أخرى"
        />
        <LookupSelect
          key={place.city /* a new city starts its neighbourhood afresh */}
          meta={fields.location}
          label="الحي"
          options={cityNeighbourhoods}
          value={place.location}
          placeholder={place.city ? "اختر الحي" : "اختر المدينة أولًا"}
          disabled={!place.city}
          onChange={(location) => setPlace((p) => ({ ...p, location }))}
          otherLabel="حي آخر"
        />
        <LookupSelect meta={fields.propertyType} label="نوع العقار" options={choices.propertyTypes} value={propertyType} onChange={setPropertyType} otherLabel="نوع آخر" />
        <div className="flex items-end pb-2">
          <Check name={fields.isCorner.name} label="عقار على زاوية" defaultChecked={Boolean(fields.isCorner.defaultChecked)} />
        </div>
      </Section>

      <AdLicenceSection
        meta={fields.adLicence}
        ruleOn={licenceRequired}
        required={licenceRequired && isAdvertisedStatus(status)}
        regaOn={regaOn}
        onRegaAnswer={(licence) => {
          // What REGA knows replaces what was typed; what it leaves empty stays as it was.
          const licenceFields = fields.adLicence.getFieldset();
          const filled: Array<[string, string | null]> = [
            [licenceFields.issuedOn.name, licence.issuedOn],
            [licenceFields.expiresOn.name, licence.expiresOn],
            [licenceFields.deedNumber.name, licence.deedNumber],
            [details.planNumber.name, licence.planNumber],
            [details.plotNumber.name, licence.plotNumber],
          ];
          for (const [name, value] of filled) if (value) form.update({ name, value });
        }}
      />

      <Section title="التفاصيل">
        <TextField meta={fields.bedrooms} label="غرف النوم" inputMode="numeric" />
        <TextField meta={fields.bathrooms} label="دورات المياه" inputMode="numeric" />
        <TextField meta={details.livingRooms} label={DETAIL_LABELS.livingRooms} inputMode="numeric" />
        <TextField meta={details.streetWidth} label={`${DETAIL_LABELS.streetWidth} (م)`} inputMode="decimal" />
        <TextField meta={details.propertyAge} label={`${DETAIL_LABELS.propertyAge} (سنوات)`} inputMode="numeric" />
        <TextField meta={details.constructionDate} label={DETAIL_LABELS.constructionDate} />
        <TextField meta={details.planNumber} label={DETAIL_LABELS.planNumber} />
        <TextField meta={details.plotNumber} label={DETAIL_LABELS.plotNumber} />
        <TextField meta={details.unitNumber} label={DETAIL_LABELS.unitNumber} />
        <TextField meta={details.parking} label={DETAIL_LABELS.parking} inputMode="numeric" />
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-bold text-stone-700">{DETAIL_LABELS.facade}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {FACADE_OPTIONS.map((direction) => (
              <Check key={direction} name={details.facade.name} value={direction} label={direction} defaultChecked={details.facade.defaultOptions?.includes(direction) ?? false} />
            ))}
          </div>
        </fieldset>
      </Section>

      <Section title="المبنى والوحدات" off={isLand}>
        <TextField meta={fields.floors} label="عدد الأدوار" />
        <TextField meta={details.elevators} label={DETAIL_LABELS.elevators} inputMode="numeric" />
        <Field meta={details.buildingType} label={DETAIL_LABELS.buildingType}>
          {(props) => (
            <select {...props} className={inputClass}>
              <option value="">—</option>
              {BUILDING_USE_OPTIONS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <h3 className="mb-2 font-bold text-stone-800">الوحدات</h3>
          <UnitsEditor name={fields.units.name} units={units} unitTypes={choices.unitTypes} onChange={setUnits} errors={fields.units.allErrors} />
        </div>
      </Section>

      <Section title="مرافق إضافية">
        <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2">
          <Check name={details.driversRoom.name} label={DETAIL_LABELS.driversRoom} defaultChecked={Boolean(details.driversRoom.defaultChecked)} />
          <Check name={details.maidsRoom.name} label={DETAIL_LABELS.maidsRoom} defaultChecked={Boolean(details.maidsRoom.defaultChecked)} />
          <Check name={details.kitchen.name} label={DETAIL_LABELS.kitchen} defaultChecked={Boolean(details.kitchen.defaultChecked)} />
          <Check name={details.rooftopTank.name} label={DETAIL_LABELS.rooftopTank} defaultChecked={Boolean(details.rooftopTank.defaultChecked)} />
        </div>
        <TextField meta={details.supervisorName} label="اسم المشرف" />
        <TextField meta={details.supervisorPhone} label={DETAIL_LABELS.supervisorPhone} inputMode="tel" dir="ltr" />
      </Section>

      <Section title="ملاحظات">
        <TextField meta={details.additionalNotes} label="ملاحظات إضافية" multiline />
      </Section>

      <Section title="الخريطة والصور">
        <TextField
          meta={fields.locationUrl}
          label="رابط الموقع على الخريطة"
          wide
          inputMode="url"
          dir="ltr"
          placeholder="https://maps.google.com/…"
          onChange={(link) => {
            const found = coordinatesFromMapLink(link);
            if (found) setCoordinates(found);
          }}
        />
        <div className="sm:col-span-2">
          <LocationPicker label="اختر موقع العقار على الخريطة" value={coordinates} onChange={setCoordinates} tileUrl={tileUrl} />
          {coordinates ? (
            <>
              <input type="hidden" name={`${fields.coordinates.name}.lat`} value={coordinates.lat} />
              <input type="hidden" name={`${fields.coordinates.name}.lng`} value={coordinates.lng} />
            </>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <h3 className="mb-2 font-bold text-stone-800">
            <Required>الصور</Required>
          </h3>
          <PhotoManager items={photos} onChange={updatePhotos} error={photoError} errorId={fields.photos.errorId} />
          {storedPhotos.map((id) => (
            <input key={id} type="hidden" name={fields.photos.name} value={id} />
          ))}
        </div>
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-stone-200 bg-stone-100/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border-0">
        <button type="submit" className={adminButtonClass} disabled={saving}>
          {saving ? "جارٍ الحفظ…" : initial.id ? "حفظ التعديلات" : "إضافة العرض"}
        </button>
        <Link to="/admin/offers" className={adminSecondaryButtonClass}>
          إلغاء
        </Link>
      </div>
    </fetcher.Form>
  );
}
