import { GlobalOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { isRole, LANGUAGE_LABEL, ROLE_NAME } from '@vitrine/contract';
import { Avatar, Card, Descriptions, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteIcon } from '../../../app/layout/icons';
import { logout } from '../../../app/layout/UserMenu';
import { useShell } from '../../../app/layout/use-shell';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';
import { useLanguage } from '../../../lib/i18n';
import { HOME_PATH, MOBILE_PATHS } from '../../../lib/paths';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useStatistic } from '../../dashboard/api';
import { MobileList, type MobileRow } from './MobileList';

/** One figure; a dash when it could not be counted. */
function Figure({ title, value, note }: { title: string; value: number | undefined; note?: ReactNode }) {
  const { language } = useLanguage();
  const format = (count: number | string) =>
    typeof count === 'number' ? new Intl.NumberFormat(language).format(count) : count;
  return (
    <Card size="small">
      <Statistic title={title} value={value ?? '—'} formatter={format} />
      {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
    </Card>
  );
}

/** What a customer wants at a glance: its companies, screens on and off line, accounts and licences. */
function Figures() {
  const { t } = useTranslation('setting-mobile');
  const { language } = useLanguage();
  const allowed = usePermission('dashboard:data');
  const oss = useStatistic('oss', allowed);
  const devices = useStatistic('device', allowed);
  const users = useStatistic('user', allowed);
  const licenses = useStatistic('license', allowed);
  if (!allowed) return null;
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const pool = licenses.data?.holder === 'customer' ? licenses.data : undefined;
  return (
    <section className="mobile-figures" aria-label={t('home.figures')} aria-busy={devices.isPending}>
      <Figure title={t('home.companies')} value={oss.data?.companies} />
      <Figure title={t('home.accounts')} value={users.data?.total} />
      <Figure title={t('home.online')} value={devices.data?.online} />
      <Figure
        title={t('home.offline')}
        value={devices.data?.offline}
        note={devices.data ? t('home.screens', { total: number(devices.data.total) }) : null}
      />
      <Figure
        title={t('home.licenses')}
        value={pool?.available}
        note={pool ? t('home.received', { quantity: number(pool.quantity) }) : null}
      />
      <Figure title={t('home.licensed')} value={pool?.devices} />
    </section>
  );
}

/** /setting/home: a customer's home on a phone — who is signed in, the figures, and every page. */
export function MobileHomePage() {
  const { t } = useTranslation(['setting-mobile', 'common', 'contract']);
  const { user } = useSession();
  const { language } = useLanguage();
  const shell = useShell();
  if (!user) return null;

  const name = user.nickname || user.username;
  const customer = user.customer_name ?? user.company_name;
  const account: MobileRow[] = [
    {
      key: 'profile',
      to: MOBILE_PATHS.profile,
      icon: <UserOutlined />,
      title: t('common:route.mobileProfile'),
    },
    {
      key: 'password',
      to: MOBILE_PATHS.password,
      icon: <KeyOutlined />,
      title: t('common:route.mobileResetPwd'),
    },
    {
      key: 'language',
      to: MOBILE_PATHS.language,
      icon: <GlobalOutlined />,
      title: t('common:route.mobileLanguage'),
      extra: <span lang={language}>{LANGUAGE_LABEL[language]}</span>,
    },
  ];
  const pages: MobileRow[] = shell.menu
    .filter((entry) => entry.path !== HOME_PATH)
    .map((entry) => ({
      key: entry.path,
      to: entry.to,
      icon: <RouteIcon name={entry.icon} />,
      title: t(`common:${entry.title}`),
    }));

  return (
    <div className="mobile-page">
      <Card>
        <div className="mobile-me">
          <Avatar size={48} icon={<UserOutlined />} />
          <div className="mobile-me__text">
            <Typography.Title level={2} style={{ fontSize: 20 }}>
              <Name>{name}</Name>
            </Typography.Title>
            <Typography.Text type="secondary">{leftToRight(user.email)}</Typography.Text>
          </div>
        </div>
        <Descriptions
          column={1}
          size="small"
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'role',
              label: t('home.role'),
              children: isRole(user.role_id) ? t(`contract:role.${ROLE_NAME[user.role_id]}`) : user.role_name,
            },
            ...(customer
              ? [{ key: 'customer', label: t('home.customer'), children: <Name>{customer}</Name> }]
              : []),
          ]}
        />
      </Card>
      <Figures />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('home.account')}
      </Typography.Title>
      <MobileList rows={account} label={t('home.account')} />
      {pages.length > 0 ? (
        <>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('home.pages')}
          </Typography.Title>
          <MobileList rows={pages} label={t('home.pages')} />
        </>
      ) : null}
      <MobileList
        rows={[
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            title: t('common:userMenu.signOut'),
            danger: true,
            onClick: () => void logout(),
          },
        ]}
      />
    </div>
  );
}
