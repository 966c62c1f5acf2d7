// Profile, for both applications: personal and contact details, account security (change
// password, sign out other devices), two-step verification, and for the Owner and a clinic's Main
// Doctor the staff's two-step policy; for a clinic's Main Doctor, the professional record.
// A change refreshes the user shown in the header.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Popconfirm, Row, Skeleton, Space, Typography } from 'antd';
import { LockOutlined, LogoutOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { appScope } from '../../host';
import { useT } from '../../i18n/useT';
import { enumLabel } from '../../../shared/labels';
import { EMAIL_PATTERN } from '../../engine/formRules';
import { latinDigits } from '../../../shared/digits';
import { type SessionUser, getSession, setSession } from '../../providers/session';
import { onFields, useAction, useAsk } from '../../engine/useAction';
import { DeviceSessions } from './DeviceSessions';
import { type PasswordValues, type ProfileValues, fieldErrors, profileApi, profileBase } from './profileApi';
import { ProfessionalCard } from './ProfessionalCard';
import { CENTRAL_ROLE, TENANT_ROLE } from '../../../shared/roles';
import { StaffMfaPolicy } from '../mfa/StaffMfaPolicy';
import { ClinicCurrencyCard } from '../clinic/ClinicCurrencyCard';
import { LetterheadCard } from '../clinic/LetterheadCard';
import { OnlineBookingCard } from '../clinic/OnlineBookingCard';
import { TwoStepCard } from './TwoStepCard';

function SecurityCard() {
  const t = useT();
  const [form] = Form.useForm<PasswordValues>();
  const { run: changePassword, busy: saving } = useAction<{ message?: string }>({
    success: (body) => body.message ?? t('messages.passwordChanged', 'Your password has been changed. Your other devices were signed out'),
    failure: onFields,
  });
  const { run: logoutOthers, busy: signingOut } = useAction<{ message?: string }>({
    success: (body) => body.message ?? t('messages.loggedOutOthers', 'Your other devices were signed out'),
  });
  const required = { required: true, message: t('validation.required', 'This field is required') };
  return (
    <Card id="security" title={<Space><LockOutlined />{t('profile.security', 'Account security')}</Space>} data-testid="profile-security">
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          try {
            await changePassword(profileApi.changePassword(values));
            form.resetFields();
          } catch (err) {
            form.setFields(fieldErrors(err).map((f) => ({ name: f.name as keyof PasswordValues, errors: f.errors })));
          }
        }}
      >
        <Form.Item name="current_password" htmlFor="current_password" label={t('profile.currentPassword', 'Current password')} rules={[required]}>
          <Input.Password id="current_password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" htmlFor="new_password" label={t('auth.newPassword', 'New password')} rules={[required, { min: 12, message: t('validation.passwordLength', { limit: 12 }) }]}>
          <Input.Password id="new_password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          htmlFor="password_confirmation"
          label={t('auth.confirmPassword', 'Confirm password')}
          dependencies={['password']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: (_, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('validation.confirmed', 'The confirmation does not match')))),
            }),
          ]}
        >
          <Input.Password id="password_confirmation" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="change-password">
          {t('auth.resetPassword', 'Change password')}
        </Button>
      </Form>
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
  const [form] = Form.useForm<ProfileValues>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const { run: save, busy: saving } = useAction<{ data: SessionUser }>({ success: t('profile.saved', 'Profile updated'), failure: onFields });
  const ask = useAsk();
  const [user, setUser] = useState(getSession().user);
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
      })
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [ask]);
  // Who sets the staff's two-step verification policy: the Owner, a clinic's Main Doctor.
  const manager = !user?.support && (appScope() === 'central' ? user?.role === CENTRAL_ROLE.owner : user?.role === TENANT_ROLE.mainDoctor);
  const roleField = { type: 'enum' as const, enum: appScope() === 'central' ? 'centralRole' : 'tenantRole' };
  const required = { required: true, whitespace: true, message: t('validation.required', 'This field is required') };

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
              <Form<ProfileValues>
                form={form}
                layout="vertical"
                initialValues={{ name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '' }}
                onFinish={async (values) => {
                  try {
                    const body = await save(profileApi.save(values));
                    setUser(body.data);
                    // The header shows the session's user: refresh it.
                    setSession({ user: { ...getSession().user, ...body.data } });
                    form.setFieldValue('current_password', undefined);
                  } catch (err) {
                    form.setFields(fieldErrors(err).map((f) => ({ name: f.name as keyof ProfileValues, errors: f.errors })));
                  }
                }}
              >
                <Typography.Title level={5}><UserOutlined /> {t('profile.personal', 'Personal information')}</Typography.Title>
                <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
                  <Descriptions.Item label={t('fields.username', 'Username')}><span dir="ltr">{user?.username}</span></Descriptions.Item>
                  <Descriptions.Item label={t('fields.role', 'Role')}>{enumLabel(t, roleField, user?.role)}</Descriptions.Item>
                </Descriptions>
                <Form.Item name="name" htmlFor="profile-name" label={t('fields.name', 'Name')} rules={[required, { max: 120, message: t('validation.maxLength', { limit: 120 }) }]}>
                  <Input id="profile-name" autoComplete="name" />
                </Form.Item>
                <Typography.Title level={5}><MailOutlined /> {t('profile.contact', 'Contact')}</Typography.Title>
                <Form.Item name="email" htmlFor="profile-email" label={t('fields.email', 'E-mail')} rules={[{ pattern: EMAIL_PATTERN, message: t('validation.email', 'Must be a valid e-mail address') }]}>
                  <Input id="profile-email" dir="ltr" autoComplete="email" />
                </Form.Item>
                <Form.Item name="phone" htmlFor="profile-phone" label={t('fields.phone', 'Phone')} normalize={(v: string) => latinDigits(v)}>
                  <Input id="profile-phone" dir="ltr" className="phone-input" autoComplete="tel" />
                </Form.Item>
                {/* Recovery codes go to the e-mail or phone: changing them asks for the password. */}
                <Form.Item noStyle shouldUpdate={(a, b) => a.email !== b.email || a.phone !== b.phone}>
                  {({ getFieldValue }) =>
                    (getFieldValue('email') ?? '') !== (user?.email ?? '') || (getFieldValue('phone') ?? '') !== (user?.phone ?? '') ? (
                      <Form.Item name="current_password" htmlFor="profile-current-password" label={t('profile.passwordForContact', 'Current password (needed to change the e-mail or phone)')} rules={[required]}>
                        <Input.Password id="profile-current-password" autoComplete="current-password" />
                      </Form.Item>
                    ) : null
                  }
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
                  {t('buttons.save', 'Save')}
                </Button>
              </Form>
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
