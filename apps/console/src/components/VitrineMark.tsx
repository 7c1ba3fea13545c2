/** The Vitrine mark: a screen with a V, shown when no customer logo is set. */
export function VitrineMark({ size = 32, color = '#1668dc' }: { size?: number; color?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Vitrine">
      <rect x="2" y="5" width="28" height="19" rx="3" fill={color} />
      <path
        d="M10 10l6 10 6-10"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="11" y="26" width="10" height="2.4" rx="1.2" fill={color} />
    </svg>
  );
}
