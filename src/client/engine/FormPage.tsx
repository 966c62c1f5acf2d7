// Generated create and edit forms: an antd input per writable declared field, client rules from
// the declaration, server 422 errors shown on their field (react-hook-form setError via Refine);
// laid out by the kit's FormField, as the hand forms are.
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { Create, Edit } from './kit/views';
import { useForm } from '@refinedev/react-hook-form';
import { type Control, type FieldValues, useWatch } from 'react-hook-form';
import { FormField, FormLayout } from './kit/form';
import { useLocation, useNavigate } from 'react-router';
import { type FieldDef, type ResourceDef, allFields, formShows, relationListKey, writableFields } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { fileListKey } from './AttachmentsInput';
import { plainListItems } from './ListItemsInput';
import { FieldInput } from './FieldInput';
import { fieldRules, formLevelError } from './formRules';
import { fieldLabel, resourceTitle, valueLabel } from '../../shared/labels';
import { DeleteAction } from './DeleteAction';
import { pendingOf } from '../providers/pending';
import { ApiError, newIdempotencyKey } from '../providers/http';
import { ConflictDialog } from './ConflictDialog';
import { ExistingHint } from './ExistingHint';
import { childTabPath, isChild } from './within';
import { formErrorNotification } from '../providers/notificationProvider';
import { assignableRoles } from '../../shared/roles';
import { callerOf, useSession } from '../providers/session';
import { useOutboxDraft } from '../offline/useOutboxDraft';

/** Enter inside a date or time picker or a select picks a value; it never submits the form. */
export function keepEnterInPickers(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key === 'Enter' && e.target instanceof Element && e.target.closest('.ant-picker, .ant-select')) e.preventDefault();
}

export function defaultValues(def: ResourceDef): FieldValues {
  const values: FieldValues = {};
  for (const [name, field] of writableFields(def)) {
    if (field.default !== undefined) values[name] = field.default;
    else if (field.type === 'boolean') values[name] = false;
  }
  return values;
}

/** Create forms take initial values from the query string (?patient_id=3), for declared fields only. */
export function queryDefaults(def: ResourceDef, search: string): FieldValues {
  const params = new URLSearchParams(search);
  const values: FieldValues = {};
  for (const [name, field] of writableFields(def)) {
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    const numeric = ['relation', 'enum', 'integer', 'number', 'money'].includes(field.type);
    values[name] = numeric && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  }
  return values;
}

export interface FormPageProps {
  def: ResourceDef;
  mode: 'create' | 'edit';
}

// The form's page watches no value itself: a keystroke re-renders the field typed in (its
// Controller), the existing-record hint and the fields shown on a condition, not the whole form
// (13 fields drawn again on each key of a patient's name before, on a phone's CPU).

/** The existing-record hint of a create form, following every value. */
function WatchedHint({ def, control }: { def: ResourceDef; control: Control<FieldValues> }) {
  return <ExistingHint def={def} values={useWatch({ control }) as Record<string, unknown>} />;
}

/** A field declared `formWhen`, shown while the fields it names hold one of its values. */
function WhenValues({ field, control, loaded, children }: { field: FieldDef; control: Control<FieldValues>; loaded: FieldValues | undefined; children: ReactNode }) {
  const names = Object.keys(field.formWhen ?? {});
  const values = useWatch({ control, name: names }) as unknown[];
  const current = Object.fromEntries(names.map((name, i) => [name, values[i] === undefined ? loaded?.[name] : values[i]]));
  return formShows(field, current) ? children : null;
}

/** Every field, those declared `formWhen` only when it holds. */
function ShownWhen(props: { field: FieldDef; control: Control<FieldValues>; loaded: FieldValues | undefined; children: ReactNode }) {
  return props.field.formWhen ? <WhenValues {...props} /> : props.children;
}

export function FormPage({ def, mode }: FormPageProps) {
  const t = useT();
  // A declared assignable role offers only the roles this person may give.
  const assignable = assignableRoles(callerOf(useSession()));
  const location = useLocation();
  const navigate = useNavigate();
  // One key per submission: a double-click or a retry sends the same one (one record); renewed
  // once a record is made.
  const submission = useRef(newIdempotencyKey());
  // The record as loaded: an edit sends only what differs from it, with If-Match of its version.
  const original = useRef<BaseRecord | null>(null);
  // A 412: the record as this form had loaded it, as it is now, and what this form sent, taken
  // when the answer came (a refetch afterwards must not change what the dialog compares).
  const [conflict, setConflict] = useState<{ loaded: BaseRecord; current: BaseRecord; mine: Record<string, unknown> } | null>(null);
  // Opened by "edit" on the Sync problems screen: what a refused change entered (issue 37).
  const { draft, settle } = useOutboxDraft();
  const {
    control,
    reset,
    refineCore: { formLoading, id, mutation, query, onFinish },
    saveButtonProps,
  } = useForm({
    defaultValues: mode === 'create' ? { ...defaultValues(def), ...queryDefaults(def, location.search) } : undefined,
    refineCoreProps: {
      resource: def.name,
      action: mode,
      meta: mode === 'create' ? { idempotencyKey: submission.current } : { original },
      // A record open in two tabs is not silently swapped for the other's version while edited
      // (not on focus, not by a live update): a save after theirs meets the conflict dialog.
      queryOptions: { refetchOnWindowFocus: false },
      liveMode: 'off',
      onMutationError: (error, variables) => {
        const loadedThen = error instanceof ApiError ? (error.base ?? original.current) : null;
        if (error instanceof ApiError && error.statusCode === 412 && error.current && loadedThen) {
          setConflict({ loaded: loadedThen as BaseRecord, current: error.current as BaseRecord, mine: variables as Record<string, unknown> });
        }
      },
      // Records kept inside a parent's page go back to that page.
      redirect: def.within ? false : 'list',
      onMutationSuccess: ({ data }) => {
        submission.current = newIdempotencyKey();
        void settle(data);
        if (!isChild(def)) return;
        const parentId = (data as Record<string, unknown>)[def.within.field];
        navigate(childTabPath(def, String(parentId)));
      },
      // An Admin's change to a doctor becomes a request: show the server's notice instead.
      // Keyed: the two submissions of a double-click are one write (the data provider) and one toast.
      successNotification: (data) => ({ key: `${def.name}-saved`, message: pendingOf(data?.data)?.message ?? t('notifications.saved', 'Saved'), type: 'success' }),
      errorNotification: formErrorNotification,
    },
  });
  // Nested lists (a visit's prescriptions) need a hand-written editor; generated forms show lists
  // of files (attachments) and choices of records (a drug's ingredients).
  const fields = writableFields(def).filter(([, f]) => !f.hideInForm && (f.type !== 'list' || fileListKey(f) || relationListKey(f) || plainListItems(f)));
  // Opened from a parent's tab (?patient_id=3): the parent is given, not chosen.
  const fixedParent = mode === 'create' && def.within && queryDefaults(def, location.search)[def.within.field] !== undefined ? def.within.field : null;
  const loaded = query?.data?.data;
  // An edit's record being read again (a cached copy shown, the fresh one on its way, from the
  // server or, offline, from the device): Refine fills the fields again when it comes.
  const settling = mode === 'edit' && (!loaded || !!query?.isFetching);
  useEffect(() => {
    if (loaded) original.current = loaded;
  }, [loaded]);
  // The refused change's values over the record as the server holds it now (an edit, sent on its
  // version), or over the defaults (a create, under the same client reference).
  // Once: a later load of the record (a refetch) must not put them back over what is typed since.
  const draftShown = useRef<string | null>(null);
  useEffect(() => {
    if (!draft || draftShown.current === draft.key || settling) return;
    if (mode === 'create' && draft.clientRef) submission.current = draft.clientRef;
    // After Refine's own filling of the loaded record (a microtask of the same change), not under it.
    const timer = setTimeout(() => {
      draftShown.current = draft.key;
      reset({ ...(mode === 'edit' ? loaded : defaultValues(def)), ...draft.body });
    }, 0);
    return () => clearTimeout(timer);
  }, [draft, loaded, settling, mode, def, reset]);
  const refusal = mutation.error instanceof ApiError && mutation.error.statusCode === 412 ? null : formLevelError(mutation.error);
  const body = (
    <form
      noValidate
      data-testid="resource-form"
      onKeyDown={keepEnterInPickers}
      onSubmit={(e) => {
        e.preventDefault();
        if (!formLoading) saveButtonProps.onClick(e);
      }}
    >
      {conflict && (
        <ConflictDialog
          def={def}
          loaded={conflict.loaded}
          current={conflict.current}
          mine={conflict.mine}
          onReload={() => {
            original.current = conflict.current;
            reset(conflict.current);
            setConflict(null);
          }}
          onApplyMine={(merged) => {
            original.current = conflict.current;
            reset(merged);
            setConflict(null);
            void onFinish(merged);
          }}
          onCancel={() => setConflict(null)}
        />
      )}
      {refusal && <Alert type="error" showIcon message={refusal} role="alert" data-testid="form-error" style={{ marginBottom: 16 }} />}
      <FormLayout>
        {mode === 'create' && <WatchedHint def={def} control={control} />}
        {fields.map(([name, field]) => (
          <ShownWhen key={name} field={field} control={control} loaded={loaded}>
            <FormField
              name={name}
              control={control}
              rules={fieldRules(t, field, mode, { def, name })}
              label={fieldLabel(t, def, name)}
              htmlFor={`field-${name}`}
              required={!!field.required && !(field.type === 'password' && mode === 'edit')}
              // A field's hint, when its resource's labels have one (the placeholders a message text may use).
              extra={t(`resources.${def.name}.hints.${name}`, '') || undefined}
            >
              {(f, fieldState) => (
                <FieldInput
                  id={`field-${name}`}
                  name={name}
                  field={field}
                  value={f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  status={fieldState.error ? 'error' : undefined}
                  allowed={field.assignable ? assignable : undefined}
                  // An edit's fields wait for the record: typed sooner, Refine's filling in of the
                  // loaded record would overwrite it (a slow or offline load raced the typing).
                  disabled={name === fixedParent || (mode === 'edit' && (!!field.final || settling))}
                />
              )}
            </FormField>
          </ShownWhen>
        ))}
      </FormLayout>
      <button type="submit" hidden />
    </form>
  );
  // An edit names its record, as its page does ("Page sections — Contact information").
  const named = mode === 'edit' && loaded?.[def.titleField] ? valueLabel(t, allFields(def)[def.titleField], loaded[def.titleField], loaded) : '';
  const title = named ? `${resourceTitle(t, def)} — ${named}` : resourceTitle(t, def);
  if (mode === 'create') {
    return (
      <Create title={title} saveButtonProps={saveButtonProps} isLoading={formLoading}>
        {body}
      </Create>
    );
  }
  return (
    <Edit
      title={title}
      saveButtonProps={saveButtonProps}
      isLoading={formLoading}
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          {id !== undefined && <DeleteAction def={def} id={id} withText />}
        </>
      )}
    >
      {body}
    </Edit>
  );
}
