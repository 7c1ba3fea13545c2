import { VitrineMark } from '../../components/VitrineMark';
import { logoOf, SITE_TITLE } from '../../lib/remote-config';
import { useSession } from '../../lib/session';

/** The customer's logo when one is set, else the Vitrine mark and name. */
export function Brand({ color, compact = false }: { color: string; compact?: boolean }) {
  const logo = logoOf(useSession().config);
  if (logo) return <img src={logo} alt={SITE_TITLE} className="shell-brand__logo" />;
  return (
    <span className="shell-brand" style={{ color }}>
      <VitrineMark size={28} />
      {compact ? null : <span className="shell-brand__name">{SITE_TITLE}</span>}
    </span>
  );
}
