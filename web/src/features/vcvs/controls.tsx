// The controls of the VCV and VCP fields that are neither a number nor a single option: a short
// text (abbreviations), the 'Por defecto' mark and the read-only summary of the chosen band.
// Each is bound to its form value (value, onChange) by the editor.
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { listQuery } from '../catalog/api';
import { itemKey, type CatalogKind, type CustomControlProps } from '../catalog/kind';
import { bandSummary } from './rules';

/** Longest abbreviation offered (the server's text limit is the name's). */
export const SIGLA_MAX = 20;

/** A short text (an abbreviation). */
export function TextControl({ id, value, onChange, disabled, ctx }: CustomControlProps) {
  return (
    <Input
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      autoComplete="off"
      maxLength={SIGLA_MAX}
      count={ctx.readOnly ? undefined : { show: true, max: SIGLA_MAX }}
    />
  );
}

/** The 'Por defecto' mark of a factory item ('assign default VCVs' gives those). */
export function DefaultControl({ id, value, onChange, disabled }: CustomControlProps) {
  return <Checkbox id={id} checked={value === true} onChange={(e) => onChange?.(e.target.checked)} disabled={disabled} />;
}

/**
 * The range and frequency type of the band chosen in the field `field` (a band of `kind`, of
 * the editor's side), or a dash before one is chosen: the VCV shows its band's range.
 */
export function bandInfo(kind: CatalogKind, field: string) {
  return function BandInfo({ values, ctx, factoryId }: CustomControlProps) {
    const { t } = useTranslation();
    const side = ctx.side ?? 'factory';
    const bands = useQuery({ ...listQuery(kind, side, factoryId, currentLanguage()), enabled: factoryId > 0 });
    const band = (bands.data ?? []).find((b) => itemKey(kind, side, b) === values[field]);
    return (
      <Typography.Text type={band ? undefined : 'secondary'} data-testid="vcv-band-info">
        {band ? bandSummary(band, t) : '—'}
      </Typography.Text>
    );
  };
}
