// Profile, for both applications: personal and contact details, account security (change
// password, sign out other devices), two-step verification, and for the Owner and a clinic's Main
// Doctor the staff's two-step policy; for a clinic's Main Doctor, the professional record.
// A change refreshes the user shown in the header.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useWatch } from 'react-hook-form';
import { Alert, Button, Card, Col, Descriptions, Input, Popconfirm, Row, Skeleton, Space, Typography } from 'antd';
import { LockOutlined, LogoutOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { appScope } from '../../host';
import { useT } from '../../i18n/useT';
import { enumLabel } from '../../../shared/labels';
import { EMAIL_PATTERN } from '../../engine/formRules';
import { latinDigits } from '../../../shared/digits';
import { type SessionUser, getSession, setSession } from '../../providers/session';
import { useAction, useAsk } from '../../engine/useAction';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { DeviceSessions } from './DeviceSessions';
import { type PasswordValues, type ProfileValues, profileApi, profileBase } from './profileApi';
import { ProfessionalCard } from './ProfessionalCard';
import { CENTRAL_ROLE, TENANT_ROLE } from '../../../shared/roles';
import { StaffMfaPolicy } from '../mfa/StaffMfaPolicy';
import { ClinicCurrencyCard } from '../clinic/ClinicCurrencyCard';
import { LetterheadCard } from '../clinic/LetterheadCard';
import { OnlineBookingCard } from '../clinic/OnlineBookingCard';
import { TwoStepCard } from './TwoStepCard';
import { NewPasswordFields } from './NewPasswordFields';

const NO_PASSWORDS: PasswordValues = { current_password: '', password: '', password_confirmation: '' };
const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const PROFILE_FIELDS = ['name', 'email', 'phone', 'current_password'] as const;

function SecurityCard() {
  const t = useT();
  const { control, reset, handleSubmit, failure, showErrors } = useHandForm<PasswordValues>({ fields: PASSWORD_FIELDS, defaultValues: NO_PASSWORDS });
  // A refusal naming the form's fields is said on them; anything else is toasted.
  const { run: changePassword, busy: saving } = useAction<{ message?: string }>({
    success: (body) => body.message ?? t('messages.passwordChanged', 'Your password has been changed. Your other devices were signed out'),
    failure,
  });
  const { run: logoutOthers, busy: signingOut } = useAction<{ message?: string }>({
    success: (body) => body.message ?? t('messages.loggedOutOthers', 'Your other devices were signed out'),
  });
  const required = t('validation.required', 'This field is required');
  const change = async (values: PasswordValues) => {
    try {
      await changePassword(profileApi.changePassword(values));
      reset(NO_PASSWORDS);
    } catch (err) {
      showErrors(err);
    }
  };
  return (
    <Card id="security" title={<Space><LockOutlined />{t('profile.security', 'Account security')}</Space>} data-testid="profile-security">
      <form noValidate onSubmit={(e) => void handleSubmit(change)(e)}>
        <FormLayout>
          <FormField control={control} name="current_password" htmlFor="current_password" label={t('profile.currentPassword', 'Current password')} rules={{ required }}>
            {(f) => <Input.Password id="current_password" autoComplete="current-password" value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
          </FormField>
          <NewPasswordFields control={control} id="new_password" />
          <Button type="primary" htmlType="submit" loading={saving} data-testid="change-password">
            {t('auth.resetPassword', 'Change password')}
          </Button>
        </FormLayout>
      </form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 24 }}>
        {t('profile.logoutOthersHelp', 'Signed in on a device you no longer use? Sign out everywhere except here.')}
      </Typography.Paragraph>
      <Popconfirm
        title={t('common.areYouSure', 'Are you sure?')}
        description={t('profile.logoutOthersConfirm', 'Sign out all your other devices?')}
        okText={t('profile.logoutOthers', 'Sign out other devices')}
        cancelText={t('buttons.cancel', 'Cancel')}
        onConfirm={() => logoutOthers(profileApi.logoutOthers()).catch(() => undefined)}
      >
        <Button icon={<LogoutOutlined />} loading={signingOut} data-testid="logout-others">
          {t('profile.logoutOthers', 'Sign out other devices')}
        </Button>
      </Popconfirm>
      <DeviceSessions />
    </Card>
  );
}

export default function ProfilePage() {
  const t = useT();
  const { control, reset, setValue, handleSubmit, failure, showErrors } = useHandForm<ProfileValues>({ fields: PROFILE_FIELDS });
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // A refusal naming the form's fields is said on them; anything else is toasted.
  const { run: save, busy: saving } = useAction<{ data: SessionUser }>({ success: t('profile.saved', 'Profile updated'), failure });
  const ask = useAsk();
  const [user, setUser] = useState(getSession().user);
  const filled = useRef(false);
  const { hash } = useLocation();
  // "Change password" in the user's menu leads here: bring its card into view once the page is laid out.
  useEffect(() => {
    if (hash !== '#security' || loading) return;
    const card = document.getElementById('security');
    card?.scrollIntoView({ block: 'start' });
    card?.querySelector<HTMLInputElement>('#current_password')?.focus({ preventScroll: true });
  }, [hash, loading]);
  useEffect(() => {
    let live = true;
    ask<{ data: SessionUser }>(profileBase())
      .then((body) => {
        if (!live) return;
        setUser(body.data);
        // The form takes the first answer only: this reading runs again when the session changes
        // (a save), and must not put back what is being typed meanwhile.
        if (filled.current) return;
        filled.current = true;
        reset({ name: body.data.name ?? '', email: body.data.email ?? '', phone: body.data.phone ?? '', current_password: '' });
      })
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [ask, reset]);
  // Who sets the staff's two-step verification policy: the Owner, a clinic's Main Doctor.
  const manager = !user?.support && (appScope() === 'central' ? user?.role === CENTRAL_ROLE.owner : user?.role === TENANT_ROLE.mainDoctor);
  const roleField = { type: 'enum' as const, enum: appScope() === 'central' ? 'centralRole' : 'tenantRole' };
  const required = t('validation.required', 'This field is required');
  // Recovery codes go to the e-mail or phone: changing them asks for the password.
  const [email, phone] = useWatch({ control, name: ['email', 'phone'] });
  const contactChanged = (email ?? '') !== (user?.email ?? '') || (phone ?? '') !== (user?.phone ?? '');
  const submit = async (values: ProfileValues) => {
    try {
      const body = await save(profileApi.save(values));
      setUser(body.data);
      // The header shows the session's user: refresh it.
      setSession({ user: { ...getSession().user, ...body.data } });
      setValue('current_password', '');
    } catch (err) {
      showErrors(err);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="profile-page">
      <Typography.Title level={3} style={{ margin: 0 }}>{t('nav.profile', 'Profile')}</Typography.Title>
      {failed && <Alert type="error" showIcon message={t('errors.server', 'Something went wrong, please try again later')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card>
            {loading ? (
              <Skeleton active />
            ) : (
              <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
                <FormLayout>
                  <Typography.Title level={5}><UserOutlined /> {t('profile.personal', 'Personal information')}</Typography.Title>
                  <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
                    <Descriptions.Item label={t('fields.username', 'Username')}><span dir="ltr">{user?.username}</span></Descriptions.Item>
                    <Descriptions.Item label={t('fields.role', 'Role')}>{enumLabel(t, roleField, user?.role)}</Descriptions.Item>
                  </Descriptions>
                  <FormField
                    control={control}
                    name="name"
                    htmlFor="profile-name"
                    label={t('fields.name', 'Name')}
                    required
                    rules={{ validate: (v) => !!v?.trim() || required, maxLength: { value: 120, message: t('validation.maxLength', { limit: 120 }) } }}
                  >
                    {(f) => <Input id="profile-name" autoComplete="name" value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
                  </FormField>
                  <Typography.Title level={5}><MailOutlined /> {t('profile.contact', 'Contact')}</Typography.Title>
                  <FormField control={control} name="email" htmlFor="profile-email" label={t('fields.email', 'E-mail')} rules={{ pattern: { value: EMAIL_PATTERN, message: t('validation.email', 'Must be a valid e-mail address') } }}>
                    {(f) => <Input id="profile-email" dir="ltr" autoComplete="email" value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />}
                  </FormField>
                  <FormField control={control} name="phone" htmlFor="profile-phone" label={t('fields.phone', 'Phone')}>
                    {(f) => <Input id="profile-phone" dir="ltr" className="phone-input" autoComplete="tel" value={f.value ?? ''} onChange={(e) => f.onChange(latinDigits(e.target.value))} onBlur={f.onBlur} />}
                  </FormField>
                  {contactChanged && (
                    <FormField control={control} name="current_password" htmlFor="profile-current-password" label={t('profile.passwordForContact', 'Current password (needed to change the e-mail or phone)')} rules={{ validate: (v) => !!v?.trim() || required }} required>
                      {(f) => <Input.Password id="profile-current-password" autoComplete="current-password" value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />}
                    </FormField>
                  )}
                  <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
                    {t('buttons.save', 'Save')}
                  </Button>
                </FormLayout>
              </form>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <SecurityCard />
        </Col>
        {!user?.support && (
          <Col xs={24} lg={12}>
            <TwoStepCard />
          </Col>
        )}
        {manager && (
          <Col xs={24} lg={12}>
            <StaffMfaPolicy />
          </Col>
        )}
        {appScope() === 'tenant' && user?.role === TENANT_ROLE.mainDoctor && (
          <Col xs={24} lg={12}>
            <ProfessionalCard />
          </Col>
        )}
        {appScope() === 'tenant' && user?.role === TENANT_ROLE.mainDoctor && !user?.support && (
          <Col xs={24} lg={12}>
            <ClinicCurrencyCard />
          </Col>
        )}
        {appScope() === 'tenant' && user?.role === TENANT_ROLE.mainDoctor && !user?.support && (
          <Col xs={24} lg={12}>
            <LetterheadCard />
          </Col>
        )}
        {appScope() === 'tenant' && user?.role === TENANT_ROLE.mainDoctor && !user?.support && (
          <Col xs={24} lg={12}>
            <OnlineBookingCard />
          </Col>
        )}
      </Row>
    </Space>
  );
}
