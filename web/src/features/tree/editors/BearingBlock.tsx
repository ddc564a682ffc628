import { useMemo, useState } from 'react';
import { Alert, Col, Flex, Form, Row, Select, Space, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Bearing } from '../../../api/types';
import { useDebouncedValue } from '../../../app/useDebouncedValue';
import { currentLanguage } from '../../../i18n';
import { useBearingBrands, useFactoryBearings, useTemplateBearings } from '../api';
import {
  BEARING_SLOTS,
  FREQUENCIES,
  brandList,
  downloadable,
  dropRepeats,
  factoryValue,
  matchesModel,
  nearBottom,
  templateValue,
  type BearingChoice,
} from '../bearings';
import { Section } from './fields';

/** An option of the model dropdown, carrying the bearing it names. */
interface ModelOption {
  value: string;
  label: string;
  bearing: Bearing;
}

/** A group of the model dropdown: 'Fábrica' or 'Descarga'. */
interface ModelGroup {
  label: string;
  options: ModelOption[];
}

function modelOptions(list: readonly Bearing[], valueOf: (b: Bearing) => string): ModelOption[] {
  return list.map((b) => ({ value: valueOf(b), label: b.Modelo ?? '', bearing: b }));
}

/** The chosen bearing's defect frequencies (BPFI, BPFO, FTF, BS), in orders, read-only. */
function Frequencies({ n, bearing }: { n: number; bearing: Bearing | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const format = useMemo(() => new Intl.NumberFormat(language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }), [language]);
  return (
    <Flex
      role="group"
      aria-label={t('tree.bearings.frequencies', { n })}
      wrap
      gap="0 14px"
      style={{ fontSize: 12, lineHeight: '20px', marginTop: 6, minHeight: 20 }}
    >
      {bearing ? (
        <>
          {FREQUENCIES.map((f) => (
            <span key={f} style={{ whiteSpace: 'nowrap' }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <abbr title={t(`tree.bearings.frequency.${f}`)} style={{ textDecoration: 'none', cursor: 'help' }}>
                  {t(`tree.bearings.abbr.${f}`)}
                </abbr>
              </Typography.Text>{' '}
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>{format.format(bearing[f] ?? 0)}</span>
            </span>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('tree.bearings.orders')}
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('tree.bearings.none')}
        </Typography.Text>
      )}
    </Flex>
  );
}

export interface BearingBlockProps {
  /** Slot number, 1 to 4. */
  n: number;
  /** Given by Form.Item. */
  value?: BearingChoice;
  onChange?: (value: BearingChoice) => void;
  /** Given by Form.Item: the label points at the brand select. */
  id?: string;
}

/**
 * One bearing slot of a point (TREE-088): a brand select and a searchable model dropdown with
 * the factory's bearings of the brand ('Fábrica') and the shared catalogue's that the factory
 * lacks ('Descarga', loaded 20 at a time as the list is scrolled, filtered by the server as
 * the user types), and the chosen bearing's defect frequencies. A form control: its value is a
 * BearingChoice; choosing no brand clears the bearing (TREE-116).
 */
export function BearingBlock({ n, value = {}, onChange, id }: BearingBlockProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const brand = value.Marca;
  const brands = useBearingBrands();
  const [search, setSearch] = useState('');
  const serverSearch = useDebouncedValue(search.trim(), 250);
  const factory = useFactoryBearings(brand);
  const templates = useTemplateBearings(brand, serverSearch);

  const brandOptions = useMemo(() => {
    const list = brandList(brands.data);
    if (brand && !list.includes(brand)) list.unshift(brand);
    return list.map((b) => ({ value: b, label: b }));
  }, [brands.data, brand]);

  const groups = useMemo((): ModelGroup[] => {
    const owned = factory.data ?? [];
    const shared = downloadable(templates.data?.pages.flatMap((p) => p.Rodamientos ?? []) ?? [], owned);
    return [
      { label: t('tree.bearings.factoryGroup'), options: modelOptions(owned.filter((b) => matchesModel(b, search)), factoryValue) },
      { label: t('tree.bearings.downloadGroup'), options: modelOptions(shared, templateValue) },
    ].filter((g) => g.options.length > 0);
  }, [factory.data, templates.data, search, t]);

  const loading = factory.isFetching || (templates.isFetching && !templates.isFetchingNextPage);

  return (
    <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '10px 12px' }}>
      <Space.Compact block>
        <Select<string>
          id={id}
          aria-label={t('tree.bearings.brandOf', { n })}
          placeholder={t('tree.bearings.brand')}
          value={brand}
          options={brandOptions}
          loading={brands.isPending}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          // TREE-116: no brand, no bearing; another brand starts with no model.
          onChange={(next) => {
            if (next !== brand) onChange?.(next ? { Marca: next } : {});
          }}
          style={{ width: '38%' }}
        />
        <Select<string, ModelOption | ModelGroup>
          aria-label={t('tree.bearings.modelOf', { n })}
          placeholder={brand ? t('tree.bearings.model') : t('tree.bearings.chooseBrand')}
          disabled={brand ? undefined : true}
          value={value.Valor}
          options={groups}
          allowClear
          // The 'Descarga' list is searched by the server; 'Fábrica' is filtered here.
          showSearch={{ filterOption: false, onSearch: setSearch }}
          onOpenChange={(open) => {
            if (!open) setSearch('');
          }}
          onChange={(next, option) =>
            onChange?.(next ? { Marca: brand, Valor: next, Rodamiento: (option as ModelOption | undefined)?.bearing } : { Marca: brand })
          }
          // TREE-117: near the bottom of the list, the next page of the download list.
          onPopupScroll={(e) => {
            if (templates.hasNextPage && !templates.isFetchingNextPage && nearBottom(e.currentTarget)) void templates.fetchNextPage();
          }}
          loading={loading}
          notFoundContent={loading ? <Spin size="small" /> : t('tree.bearings.noModels')}
          popupRender={(menu) => (
            <>
              {menu}
              {templates.isFetchingNextPage && (
                <Flex align="center" gap={8} style={{ padding: '6px 12px' }}>
                  <Spin size="small" />
                  <Typography.Text type="secondary">{t('tree.bearings.loadingMore')}</Typography.Text>
                </Flex>
              )}
            </>
          )}
          // A chosen model outside the lists loaded now (another search) still shows its name.
          labelRender={({ label, value: v }) => label ?? value.Rodamiento?.Modelo ?? v}
          style={{ width: '62%' }}
        />
      </Space.Compact>
      <Frequencies n={n} bearing={value.Valor ? value.Rodamiento : undefined} />
    </div>
  );
}

/**
 * The point form's four bearing blocks (TREE-087, TREE-089), two per row on wide screens, and
 * the warning that repeated bearings will be saved once (TREE-119).
 */
export function BearingFields() {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('tree.bearings.section')} help={t('tree.bearings.help')} />
      <Row gutter={[24, 0]}>
        {BEARING_SLOTS.map((slot, i) => (
          <Col key={slot} xs={24} lg={12}>
            <Form.Item name={slot} label={t('tree.bearings.slot', { n: i + 1 })}>
              <BearingBlock n={i + 1} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item noStyle shouldUpdate={(a, b) => BEARING_SLOTS.some((s) => a[s] !== b[s])}>
        {({ getFieldValue }) =>
          dropRepeats(BEARING_SLOTS.map((s) => getFieldValue(s) as BearingChoice | undefined)).repeated && (
            <Alert type="warning" showIcon title={t('tree.bearings.repeated')} style={{ marginBottom: 24 }} />
          )
        }
      </Form.Item>
    </>
  );
}
