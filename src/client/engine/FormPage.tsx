// Generated create and edit forms: an antd input per writable declared field, client rules from
// the declaration, server 422 errors shown on their field (react-hook-form setError via Refine).
import type { ReactNode } from 'react';
import { Alert, Form } from 'antd';
import { Create, Edit } from '@refinedev/antd';
import { useForm } from '@refinedev/react-hook-form';
import { Controller, type FieldValues } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { ResourceDef } from '../../shared/resource';
import { writableFields } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { fileListKey } from './AttachmentsInput';
import { FieldInput } from './FieldInput';
import { fieldRules, formLevelError } from './formRules';
import { fieldLabel, resourceTitle } from './labels';
import { DeleteAction } from './DeleteAction';
import { pendingOf } from '../providers/pending';

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
  /** Shown above the fields, given the current values (e.g. a duplicate warning). */
  extra?: (values: FieldValues) => ReactNode;
  /** Enum fields limited to these values (e.g. the roles a Main Doctor may give). */
  enumOptions?: Record<string, readonly number[]>;
}

export function FormPage({ def, mode, extra, enumOptions }: FormPageProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const {
    control,
    watch,
    refineCore: { formLoading, id, mutation },
    saveButtonProps,
  } = useForm({
    defaultValues: mode === 'create' ? { ...defaultValues(def), ...queryDefaults(def, location.search) } : undefined,
    refineCoreProps: {
      resource: def.name,
      action: mode,
      // Records kept inside a parent's page go back to that page.
      redirect: def.within ? false : 'list',
      onMutationSuccess: def.within
        ? ({ data }) => {
            const parentId = (data as Record<string, unknown>)[def.within!.field];
            navigate(`/${def.within!.resource}/${String(parentId)}/${def.within!.tab}`);
          }
        : undefined,
      // An Admin's change to a doctor becomes a request: show the server's notice instead.
      successNotification: (data) => ({ message: pendingOf(data?.data)?.message ?? t('notifications.saved', 'Saved'), type: 'success' }),
      errorNotification: false,
    },
  });
  // Nested lists (a visit's prescriptions) need a hand-written editor; generated forms show only
  // lists of files (attachments).
  const fields = writableFields(def).filter(([, f]) => !f.hideInForm && (f.type !== 'list' || fileListKey(f)));
  const refusal = formLevelError(mutation.error);
  const body = (
    <form
      noValidate
      data-testid="resource-form"
      onSubmit={(e) => {
        e.preventDefault();
        saveButtonProps.onClick(e);
      }}
    >
      {refusal && <Alert type="error" showIcon message={refusal} role="alert" data-testid="form-error" style={{ marginBottom: 16 }} />}
      <Form layout="vertical" component={false}>
        {extra?.(watch())}
        {fields.map(([name, field]) => (
          <Controller
            key={name}
            name={name}
            control={control}
            rules={fieldRules(t, field, mode)}
            render={({ field: f, fieldState }) => (
              <Form.Item
                label={fieldLabel(t, def, name)}
                htmlFor={`field-${name}`}
                required={!!field.required && !(field.type === 'password' && mode === 'edit')}
                validateStatus={fieldState.error ? 'error' : undefined}
                help={fieldState.error?.message}
              >
                <FieldInput
                  id={`field-${name}`}
                  name={name}
                  field={field}
                  value={f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  status={fieldState.error ? 'error' : undefined}
                  allowed={enumOptions?.[name]}
                />
              </Form.Item>
            )}
          />
        ))}
      </Form>
      <button type="submit" hidden />
    </form>
  );
  const title = resourceTitle(t, def);
  if (mode === 'create') {
    return (
      <Create title={title} breadcrumb={false} saveButtonProps={saveButtonProps} isLoading={formLoading}>
        {body}
      </Create>
    );
  }
  return (
    <Edit
      title={title}
      breadcrumb={false}
      saveButtonProps={saveButtonProps}
      isLoading={formLoading}
      canDelete={false}
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
