import { withoutBidiControls } from '@vitrine/contract';

type NameProps = { children: string; className?: string };

/**
 * A stored name as lists and titles show it: isolated (`<bdi>`), so an Arabic or Hebrew name never
 * reorders the columns, numbers or sentence around it, and without direction controls (saved
 * before they were refused), so a name cannot turn part of itself around to disguise an extension.
 */
export function Name({ children, className }: NameProps) {
  return <bdi className={className}>{withoutBidiControls(children)}</bdi>;
}
