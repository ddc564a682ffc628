/** The product's primary colour: antd's theme and the antd-free sign-in page share it. */
export const PRIMARY = '#1668dc';

/** Small vibration-trace logo used by the header and the sign-in page. */
export function ProductLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill={PRIMARY} />
      <path
        d="M3 17h5l3-8 5 15 4-11 2 4h7"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
