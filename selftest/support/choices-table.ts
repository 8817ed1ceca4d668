/**
 * docs/variants.md's table of the reference's choices, as the catalogue writes it: each choice, its
 * area, what the reference does with it on, the spec's words that leave it open, the variants that make
 * it, and what it cannot be on with. selftest/reference-choices.spec.ts holds the docs to it.
 */
import { Catalogue } from '../../reference/variants/catalogue/index.ts';
import {
  conflictsOf,
  EmbeddedTargets,
  notDrawn,
  ReferenceChoiceNames,
  ReferenceVariants,
  type ReferenceChoiceName,
} from '../../support/contract/embedded-targets.ts';

export const TABLE_BEGIN = '<!-- choices:begin (the catalogue, reference/variants/catalogue/) -->';
export const TABLE_END = '<!-- choices:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function notes(name: ReferenceChoiceName): string {
  const conflicts = conflictsOf(name).map((other) => `not with \`${other}\``);
  const never = notDrawn(name);
  return [...conflicts, ...(never === undefined ? [] : [`never drawn: ${never}`])].join('; ');
}

export function catalogueTable(): string {
  const rows = ReferenceChoiceNames.map((name) => {
    const { area, does, spec } = Catalogue[name];
    const variants = ReferenceVariants.filter((variant) => EmbeddedTargets[variant].choices.includes(name));
    const quoted = spec.map((words) => `“${words}”`).join(' ');
    return `| \`${name}\` | ${area} | ${cell(does)} | ${cell(quoted)} | ${variants.join(', ')} | ${cell(notes(name))} |`;
  });
  return [
    '| choice | area | with it on | the spec leaves it open | variants making it | notes |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
