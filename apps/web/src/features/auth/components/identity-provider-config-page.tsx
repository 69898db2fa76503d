import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  IdentityProviderSubmit,
  LdapSettings,
  type IdentityProviderDetail,
  type IdentityType,
} from '@portal/contracts/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf, rangeOf, rangeRule } from '../../../lib/form-limits.ts';
import { useRoleList } from '../api/get-role-list.ts';
import { identityProviderQueryOptions, useIdentityProvider } from '../api/get-identity-provider.ts';
import { submitIdentityProvider } from '../api/submit-identity-provider.ts';
import { useToast } from '../../../components/toast.tsx';

type Values = {
  type: IdentityType;
  name: string;
  enabled: boolean;
  localLogin: boolean;
  secret?: string;
  settings: Record<string, unknown>;
  mapping: { account: string; name: string; department: string; role: string };
  roleMapping: Array<{ value: string; roleAlias: string }>;
  defaultRoleAlias: string;
};

const DEFAULT_SETTINGS: Record<IdentityType, Record<string, unknown>> = {
  oidc: { issuer: '', clientId: '', scopes: 'openid profile email' },
  cas: { serverUrl: '', version: '3.0' },
  ldap: {
    url: 'ldaps://',
    bindDn: '',
    searchBase: '',
    filter: '(uid={{username}})',
    groupAttribute: 'memberOf',
    groupSearchBase: '',
    startTls: false,
    timeoutMs: 5000,
  },
};
const DEFAULT_MAPPING: Record<IdentityType, Values['mapping']> = {
  oidc: { account: 'preferred_username', name: 'name', department: '', role: '' },
  cas: { account: '', name: 'cn', department: '', role: '' },
  ldap: { account: 'uid', name: 'cn', department: 'ou', role: '' },
};

const toValues = (d: IdentityProviderDetail): Values => {
  const type = d.type ?? 'oidc';
  return {
    type,
    name: d.name || '统一身份认证',
    enabled: d.configured ? d.enabled : true,
    localLogin: d.localLogin,
    secret: '',
    settings: { ...DEFAULT_SETTINGS[type], ...d.settings },
    mapping: d.configured ? d.mapping : DEFAULT_MAPPING[type],
    roleMapping: d.roleMapping,
    defaultRoleAlias: d.defaultRoleAlias,
  };
};

/**
 * /home/identityProviderConfig (configuration menu identityProviderConfig, checked by the server too): the
 * school's OpenID Connect, CAS or LDAP. The secret is write-only: the page shows whether one is stored, and an
 * empty field keeps it.
 */
export function IdentityProviderConfigPage() {
  const { t } = useTranslation();
  const message = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const detail = useIdentityProvider();
  const roles = useRoleList();
  const type = Form.useWatch('type', form) ?? detail.data?.type ?? 'oidc';

  useEffect(() => {
    if (detail.data) form.setFieldsValue(toValues(detail.data));
  }, [detail.data, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        ...v,
        secret: v.secret ? v.secret : undefined,
        mapping: { ...v.mapping, account: v.mapping.account || (v.type === 'cas' ? 'user' : 'preferred_username') },
      };
      if (body.type === 'cas') delete body.secret;
      return submitIdentityProvider(body as IdentityProviderSubmit);
    },
    onSuccess: (d) => {
      queryClient.setQueryData(identityProviderQueryOptions().queryKey, d);
      form.setFieldValue('secret', '');
      message.success(t('identity.config.saved'));
    },
  });

  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.roleAlias, label: r.roleName }));
  const secretPlaceholder =
    detail.data?.hasSecret && detail.data.type === type
      ? t('identity.config.secretKept')
      : t('identity.config.secretNone');
  // Only white space is as empty as nothing: the field says so instead of the server refusing the save.
  const required = [{ required: true, whitespace: true, message: t('identity.config.required') }];

  return (
    <div style={{ maxWidth: 760, padding: 24 }}>
      <h1 style={{ fontSize: 20, margin: 0 }}>{t('identity.config.title')}</h1>
      <Typography.Paragraph type="secondary">{t('identity.config.intro')}</Typography.Paragraph>
      {detail.data && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title={
            <div>
              <div>
                {t('identity.config.redirectUri')}:{' '}
                <Typography.Text copyable code>
                  {type === 'cas' ? detail.data.redirectUri.replace('/oidc/', '/cas/') : detail.data.redirectUri}
                </Typography.Text>
              </div>
              {type === 'oidc' && (
                <>
                  <div>
                    {t('identity.config.serviceUrl')}:{' '}
                    <Typography.Text copyable code>
                      {detail.data.serviceUrl}
                    </Typography.Text>
                  </div>
                  <div>
                    {t('identity.config.backchannelLogoutUri')}:{' '}
                    <Typography.Text copyable code>
                      {detail.data.backchannelLogoutUri ||
                        detail.data.redirectUri.replace('/oidc/callback/', '/oidc/backchannel-logout/')}
                    </Typography.Text>
                  </div>
                </>
              )}
            </div>
          }
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={detail.isPending}
        onFinish={(v) => save.mutate(v)}
        onValuesChange={(changed) => {
          if (changed.type) {
            form.setFieldsValue({
              settings: DEFAULT_SETTINGS[changed.type as IdentityType],
              mapping: DEFAULT_MAPPING[changed.type as IdentityType],
              secret: '',
            });
          }
        }}
      >
        <Card size="small" style={{ marginBottom: 16 }}>
          <Form.Item label={t('identity.config.type')} name="type" rules={required}>
            <Select
              options={[
                { value: 'oidc', label: 'OpenID Connect' },
                { value: 'cas', label: 'CAS 2.0 / 3.0' },
                { value: 'ldap', label: 'LDAP / Active Directory' },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('identity.config.name')} name="name" rules={required}>
            <Input maxLength={maxLengthOf(IdentityProviderSubmit.options[0].shape.name)} />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item label={t('identity.config.enabled')} name="enabled" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              label={t('identity.config.localLogin')}
              name="localLogin"
              valuePropName="checked"
              extra={t('identity.config.localLoginHelp')}
            >
              <Switch />
            </Form.Item>
          </Space>
        </Card>

        <Card size="small" style={{ marginBottom: 16 }}>
          {type === 'oidc' && (
            <>
              <Form.Item
                label={t('identity.config.issuer')}
                name={['settings', 'issuer']}
                rules={[...required, { type: 'url' }]}
              >
                <Input placeholder="https://idp.example.edu" />
              </Form.Item>
              <Form.Item label={t('identity.config.clientId')} name={['settings', 'clientId']} rules={required}>
                <Input />
              </Form.Item>
              <Form.Item label={t('identity.config.clientSecret')} name="secret">
                <Input.Password placeholder={secretPlaceholder} autoComplete="new-password" />
              </Form.Item>
              <Form.Item label={t('identity.config.scopes')} name={['settings', 'scopes']}>
                <Input />
              </Form.Item>
            </>
          )}
          {type === 'cas' && (
            <>
              <Form.Item
                label={t('identity.config.serverUrl')}
                name={['settings', 'serverUrl']}
                rules={[...required, { type: 'url' }]}
              >
                <Input placeholder="https://cas.example.edu/cas" />
              </Form.Item>
              <Form.Item label={t('identity.config.version')} name={['settings', 'version']}>
                <Select
                  options={[
                    { value: '3.0', label: 'CAS 3.0 (/p3/serviceValidate)' },
                    { value: '2.0', label: 'CAS 2.0 (/serviceValidate)' },
                  ]}
                />
              </Form.Item>
            </>
          )}
          {type === 'ldap' && (
            <>
              <Form.Item label={t('identity.config.ldapUrl')} name={['settings', 'url']} rules={required}>
                <Input placeholder="ldaps://ldap.example.edu" />
              </Form.Item>
              <Form.Item label={t('identity.config.bindDn')} name={['settings', 'bindDn']}>
                <Input placeholder="cn=portal,ou=services,dc=example,dc=edu" />
              </Form.Item>
              <Form.Item label={t('identity.config.bindPassword')} name="secret">
                <Input.Password placeholder={secretPlaceholder} autoComplete="new-password" />
              </Form.Item>
              <Form.Item label={t('identity.config.searchBase')} name={['settings', 'searchBase']} rules={required}>
                <Input placeholder="ou=people,dc=example,dc=edu" />
              </Form.Item>
              <Form.Item label={t('identity.config.filter')} name={['settings', 'filter']} rules={required}>
                <Input />
              </Form.Item>
              <Space size="large" wrap>
                <Form.Item label={t('identity.config.groupAttribute')} name={['settings', 'groupAttribute']}>
                  <Input />
                </Form.Item>
                <Form.Item label={t('identity.config.groupSearchBase')} name={['settings', 'groupSearchBase']}>
                  <Input placeholder="ou=groups,dc=example,dc=edu" />
                </Form.Item>
                <Form.Item
                  label={t('identity.config.timeoutMs')}
                  name={['settings', 'timeoutMs']}
                  rules={[rangeRule(rangeOf(LdapSettings.shape.timeoutMs))]}
                >
                  <InputNumber step={500} />
                </Form.Item>
                <Form.Item
                  label={t('identity.config.startTls')}
                  name={['settings', 'startTls']}
                  valuePropName="checked"
                >
                  <Switch />
                </Form.Item>
              </Space>
            </>
          )}
        </Card>

        <Card size="small" title={t('identity.config.mapping')} style={{ marginBottom: 16 }}>
          <Space size="middle" wrap>
            <Form.Item label={t('identity.config.mapAccount')} name={['mapping', 'account']}>
              <Input />
            </Form.Item>
            <Form.Item label={t('identity.config.mapName')} name={['mapping', 'name']} rules={required}>
              <Input />
            </Form.Item>
            <Form.Item label={t('identity.config.mapDepartment')} name={['mapping', 'department']}>
              <Input />
            </Form.Item>
            <Form.Item label={t('identity.config.mapRole')} name={['mapping', 'role']}>
              <Input />
            </Form.Item>
          </Space>
        </Card>

        <Card size="small" title={t('identity.config.roleMapping')} style={{ marginBottom: 16 }}>
          <Form.List name="roleMapping">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'value']} rules={required} aria-label={t('identity.config.roleValue')}>
                      <Input placeholder={t('identity.config.roleValue')} aria-label={t('identity.config.roleValue')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'roleAlias']} rules={required}>
                      <Select
                        style={{ minWidth: 160 }}
                        options={roleOptions}
                        placeholder={t('identity.config.portalRole')}
                        aria-label={t('identity.config.portalRole')}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined aria-hidden />}
                      aria-label={t('identity.config.removeRoleMapping')}
                      onClick={() => remove(f.name)}
                    />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  onClick={() => add({ value: '', roleAlias: 'student' })}
                  icon={<PlusOutlined aria-hidden />}
                >
                  {t('identity.config.addRoleMapping')}
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item
            label={t('identity.config.defaultRole')}
            name="defaultRoleAlias"
            style={{ marginTop: 16 }}
            rules={required}
          >
            <Select options={roleOptions} style={{ maxWidth: 240 }} />
          </Form.Item>
        </Card>

        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('identity.config.save')}
        </Button>
      </Form>
    </div>
  );
}
