import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleTwoTone } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/auth';
import { useFactory } from '../../app/factory';
import { useFactoryName } from '../../app/FactoryName';
import { RoleTags } from '../../app/RoleTags';
import { describeError } from '../../app/useApiError';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { isTemplateWorkspace } from '../../app/workspace';
import { RouterLink } from '../../components/RouterLink';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { formatCount } from '../../lib/decimal';
import { STATE_COLORS, readableText, siteAlarmsUrl } from '../alarms/siteAlarms';
import { DeliverySummary } from '../configuration/DeliverySummary';
import { useOverview } from './api';
import { ChangeWhat } from '../audit/ChangeWhat';
import { alerting, machineUrl, placeText, timeAgo, type AlertCount, type Overview, type RecentChange } from './overview';
import './home.css';

/** A line that says all is well. */
function AllClear({ children }: { children: ReactNode }) {
  return (
    <Flex gap={8} align="center" className="vigia-home-clear">
      <CheckCircleTwoTone twoToneColor="#52c41a" aria-hidden />
      <Typography.Text type="secondary">{children}</Typography.Text>
    </Flex>
  );
}

/** The factory's sites, machines and points. */
function Figures({ data }: { data?: Overview }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const figures: [string, number | undefined][] = [
    [t('home.figures.sites'), data?.Centros],
    [t('home.figures.machines'), data?.Maquinas],
    [t('home.figures.points'), data?.Puntos],
  ];
  return (
    <dl className="vigia-home-figures" aria-label={t('home.figures.label')}>
      {figures.map(([label, value]) => (
        <div key={label} className="vigia-home-figure">
          <dt>{label}</dt>
          <dd>{value === undefined ? <Skeleton.Button active size="small" /> : formatCount(value, language)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The points above their thresholds by state, in all, and the sites that have them, each opening its alarms tab. */
function Alarms({ data }: { data: Overview['Alarmas'] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const state = (s: AlertCount) => t(`siteAlarms.states.${s.Estado}`);
  const points = (s: AlertCount) => t('home.alarms.points', { count: s.Puntos, n: formatCount(s.Puntos, language) });
  const series = (s: AlertCount) => t('home.alarms.series', { count: s.Series, n: formatCount(s.Series, language) });
  const colours = (s: AlertCount) => ({ background: STATE_COLORS[s.Estado], color: readableText(STATE_COLORS[s.Estado]) });
  // A state no point is in keeps its colour as a stripe only: a red tile says danger.
  const tile = (s: AlertCount) => (s.Puntos > 0 ? colours(s) : { borderInlineStartColor: STATE_COLORS[s.Estado] });
  if (!alerting(data.Estados)) return <AllClear>{t('home.alarms.none')}</AllClear>;
  return (
    <Flex vertical gap={12}>
      <div className="vigia-home-tiles" role="group" aria-label={t('home.alarms.byState')}>
        {data.Estados.map((s) => (
          <div key={s.Estado} className={s.Puntos > 0 ? 'vigia-home-tile' : 'vigia-home-tile vigia-home-tile-quiet'} style={tile(s)} role="group" aria-label={t('home.alarms.tile', { state: state(s), points: points(s), series: series(s) })}>
            <span className="vigia-home-tile-label">{state(s)}</span>
            <span>
              <span className="vigia-home-tile-value">{formatCount(s.Puntos, language)}</span> {t('home.alarms.unit', { count: s.Puntos })}
            </span>
            <span className="vigia-home-tile-sub">{series(s)}</span>
          </div>
        ))}
      </div>
      <section aria-label={t('home.alarms.bySite')}>
        <Typography.Text type="secondary">{t('home.alarms.bySite')}</Typography.Text>
        <ul className="vigia-rows">
          {data.Centros.map((site) => (
            <li key={site.UsuCentroID} className="vigia-row">
              <RouterLink to={siteAlarmsUrl(site.UsuCentroID)} title={t('home.alarms.open', { site: site.Nombre })}>
                {site.Nombre}
              </RouterLink>
              <Flex gap={4}>
                {site.Estados.filter((s) => s.Puntos > 0).map((s) => {
                  const label = t('home.alarms.siteState', { site: site.Nombre, points: points(s), state: state(s) });
                  return (
                    <RouterLink key={s.Estado} to={siteAlarmsUrl(site.UsuCentroID, s.Estado)} className="vigia-home-chip" title={label} aria-label={label}>
                      <span style={colours(s)}>{formatCount(s.Puntos, language)}</span>
                    </RouterLink>
                  );
                })}
              </Flex>
            </li>
          ))}
        </ul>
      </section>
    </Flex>
  );
}

/** A list of machines to configure, each opening its editor, with how many more there are. */
function MachineList({ title, list, allClear }: { title: string; list: Overview['SinCriterio']; allClear: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const more = list.Total - list.Maquinas.length;
  return (
    <section aria-label={title} className="vigia-home-section">
      <Flex justify="space-between" align="baseline">
        <Typography.Text strong>{title}</Typography.Text>
        {list.Total > 0 && <Tag color="orange">{formatCount(list.Total, language)}</Tag>}
      </Flex>
      {list.Total === 0 ? (
        <AllClear>{allClear}</AllClear>
      ) : (
        <>
          <ul className="vigia-rows">
            {list.Maquinas.map((m) => (
              <li key={m.UsuMaquinaID} className="vigia-row">
                <RouterLink to={machineUrl(m)}>{m.Nombre}</RouterLink>
                <Typography.Text type="secondary" className="vigia-home-small">
                  {m.Centro} › {m.Area}
                </Typography.Text>
              </li>
            ))}
          </ul>
          {more > 0 && <Typography.Text type="secondary">{t('home.pending.more', { count: more, n: formatCount(more, language) })}</Typography.Text>}
        </>
      )}
    </section>
  );
}

/** The machines without a criterion and without reference values. */
function Pending({ data }: { data: Overview }) {
  const { t } = useTranslation();
  if (data.Maquinas === 0) return <Typography.Text type="secondary">{t('home.pending.noMachines')}</Typography.Text>;
  return (
    <Flex vertical gap={16}>
      <MachineList title={t('home.pending.noCriterion')} list={data.SinCriterio} allClear={t('home.pending.allCriterion')} />
      <MachineList title={t('home.pending.noValues')} list={data.SinValores} allClear={t('home.pending.allValues')} />
    </Flex>
  );
}

/** One of the latest changes: what was done on what, who did it, how long ago (at `now`, when the list was read), under which machine. */
function Change({ change, now }: { change: RecentChange; now: number }) {
  const language = currentLanguage();
  const when = formatDateTime(change.Fecha, language);
  return (
    <li className="vigia-home-change">
      <ChangeWhat operation={change.Operacion} name={change.Nombre} />
      <Typography.Text type="secondary" className="vigia-home-small">
        {change.Usuario || '—'} · <time dateTime={change.Fecha} title={when}>{timeAgo(change.Fecha, now, language)}</time>
        {change.Maquina && (
          <>
            {' · '}
            <RouterLink to={machineUrl(change.Maquina)}>{placeText(change.Maquina)}</RouterLink>
          </>
        )}
      </Typography.Text>
    </li>
  );
}

/**
 * Inicio: who is signed in and where, then the factory at a glance — its size, its alarms by
 * state and site, the machines still to configure, how its devices' configurations stand and
 * its latest changes — each list a shortcut to the screen that deals with it.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  const { factory } = useFactory();
  const nameOf = useFactoryName();
  useDocumentTitle(t('nav.home'));
  const plant = factory !== undefined && !isTemplateWorkspace(factory);
  const overview = useOverview();
  const data = plant ? overview.data : undefined;
  const loading = plant && overview.isPending;

  return (
    <div className="vigia-home">
      <Card className="vigia-home-wide">
        <Flex wrap justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('home.welcome', { name: me.Nombre })}
            </Typography.Title>
            <Flex wrap align="center" gap={8} style={{ marginTop: 8 }}>
              <Typography.Text type="secondary">{factory ? nameOf(factory) : t('home.noFactory')}</Typography.Text>
              <RoleTags tipos={me.Tipos} />
            </Flex>
          </div>
          {plant && !overview.isError && <Figures data={data} />}
        </Flex>
      </Card>
      {plant && overview.isError && (
        <Alert
          className="vigia-home-wide"
          type="error"
          showIcon
          title={t('home.loadFailed')}
          description={describeError(t, overview.error)}
          action={<Button onClick={() => void overview.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {plant && !overview.isError && (
        <>
          <Card title={t('home.alarms.title')} loading={loading}>
            {data && <Alarms data={data.Alarmas} />}
          </Card>
          <Card title={t('home.pending.title')} loading={loading}>
            {data && <Pending data={data} />}
          </Card>
          <DeliverySummary />
          <Card title={t('home.changes.title')} loading={loading}>
            {data &&
              (data.Cambios.length === 0 ? (
                <Typography.Text type="secondary">{t('home.changes.empty')}</Typography.Text>
              ) : (
                <ul className="vigia-rows" aria-label={t('home.changes.title')}>
                  {data.Cambios.map((c) => (
                    <Change key={c.ID} change={c} now={overview.dataUpdatedAt} />
                  ))}
                </ul>
              ))}
          </Card>
        </>
      )}
    </div>
  );
}
