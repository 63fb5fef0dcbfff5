import type { Community } from '../../../../preload/contract';

/** Small display rules shared by the group rows, header and invitations. */

/** The i18n key of a group's type (1 Group, 2 Video bank, 3 Community, 4 Cohort). */
export function typeKey(typeId: number | undefined): string {
  return typeId !== undefined && typeId >= 1 && typeId <= 4 ? `groups.types.${typeId}` : 'groups.types.other';
}

/** Only a `#RRGGBB` colour from the service is used as a background; anything else is ignored. */
export function safeColour(colour: string | undefined): string | undefined {
  return colour && /^#[0-9a-f]{6}$/i.test(colour) ? colour : undefined;
}

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(colour: string): '#000000' | '#ffffff' {
  const channel = (offset: number) => {
    const value = parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

export type GroupSummary = Pick<Community, 'name' | 'profileImageUrl' | 'profileBackgroundColor'>;
