import { SECTIONS, type SectionKey } from '@milepost/contracts/permissions';

export type Section = (typeof SECTIONS)[number];

/** The SECTIONS entry (path, title, group, permissions that open it) for a screen. */
export function section<K extends SectionKey>(key: K): Extract<Section, { key: K }> {
  const found = SECTIONS.find((s) => s.key === key);
  if (!found) throw new Error(`Unknown section ${key}`);
  return found as Extract<Section, { key: K }>;
}
