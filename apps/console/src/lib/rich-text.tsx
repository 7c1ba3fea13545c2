import { Fragment, type ReactNode } from 'react';

const TAGGED = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated sentence with tagged parts, "I agree to the <terms>User Agreement</terms>", where
 * each tag becomes an element around its text (react-i18next's Trans in a few lines). A tag
 * without a renderer keeps its text only.
 */
export function richText(text: string, tags: Record<string, (chunk: string) => ReactNode>): ReactNode {
  // split() with the two groups yields: text, tag, chunk, text, tag, chunk, …, text.
  const parts = text.split(TAGGED);
  const nodes: ReactNode[] = [];
  // The parts keep their order, so their positions are their keys.
  for (let at = 0; at < parts.length; at += 3) {
    nodes.push(<Fragment key={at}>{parts[at]}</Fragment>);
    const tag = parts[at + 1];
    if (tag === undefined) break;
    const chunk = parts[at + 2] ?? '';
    nodes.push(<Fragment key={at + 1}>{tags[tag]?.(chunk) ?? chunk}</Fragment>);
  }
  return nodes;
}
