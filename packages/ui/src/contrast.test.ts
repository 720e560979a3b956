import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleCssVariables, accessibleVariantColors, contrastRatio, MIN_CONTRAST } from './contrast';
import { theme as labeldeskTheme } from './theme';

const theme = mergeMantineTheme(DEFAULT_THEME, labeldeskTheme);
const colorNames = Object.keys(theme.colors);

/** The light scheme's variables as the browser would see them: the defaults overlaid with the given resolver's. */
function lightVariables(withAccessible: boolean): (name: string) => string {
  const base = defaultCssVariablesResolver(theme);
  const vars: Record<string, string> = { ...base.variables, ...base.light };
  for (const name of colorNames) {
    (theme.colors[name] ?? []).forEach((value, shade) => {
      vars[`--mantine-color-${name}-${shade}`] = value;
    });
    // Mantine's own per-colour defaults (light scheme), for the 'before' figures.
    const primary = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
    vars[`--mantine-color-${name}-filled`] = `var(--mantine-color-${name}-${primary})`;
    vars[`--mantine-color-${name}-text`] = `var(--mantine-color-${name}-filled)`;
    vars[`--mantine-color-${name}-outline`] = `var(--mantine-color-${name}-${primary})`;
    vars[`--mantine-color-${name}-light`] = `var(--mantine-color-${name}-1)`;
    vars[`--mantine-color-${name}-light-hover`] = `var(--mantine-color-${name}-2)`;
    vars[`--mantine-color-${name}-light-color`] = `var(--mantine-color-${name}-9)`;
  }
  if (withAccessible) Object.assign(vars, accessibleCssVariables(theme).light);
  const resolve = (value: string): string => {
    const ref = /^var\((--[\w-]+)\)$/.exec(value);
    return ref ? resolve(vars[ref[1] as string] ?? '') : value;
  };
  return (name) => resolve(vars[name] ?? '');
}

/** Every text-on-background pair the kit draws from a palette colour, with its contrast. */
function pairs(withAccessible: boolean): Array<[string, number]> {
  const v = lightVariables(withAccessible);
  const white = theme.white;
  const out: Array<[string, number]> = [
    ['dimmed on white', contrastRatio(v('--mantine-color-dimmed'), white)],
    ['dimmed on gray.0', contrastRatio(v('--mantine-color-dimmed'), theme.colors.gray[0] as string)],
    ['placeholder on white', contrastRatio(v('--mantine-color-placeholder'), white)],
    ['link on white', contrastRatio(v('--mantine-color-anchor'), white)],
    ['error on white', contrastRatio(v('--mantine-color-error'), white)],
    ['primary filled text', contrastRatio(v('--mantine-primary-color-contrast'), v('--mantine-primary-color-filled'))],
  ];
  for (const name of colorNames) {
    const filledText = withAccessible
      ? accessibleVariantColors({ color: name, theme, variant: 'filled' }).color
      : theme.white;
    out.push(
      [`${name} text on white`, contrastRatio(v(`--mantine-color-${name}-text`), white)],
      [`${name} outline on white`, contrastRatio(v(`--mantine-color-${name}-outline`), white)],
      [`${name} light`, contrastRatio(v(`--mantine-color-${name}-light-color`), v(`--mantine-color-${name}-light`))],
      [
        `${name} light hovered`,
        contrastRatio(v(`--mantine-color-${name}-light-color`), v(`--mantine-color-${name}-light-hover`)),
      ],
      [`${name} filled`, contrastRatio(filledText, v(`--mantine-color-${name}-filled`))],
      [`${name} filled hovered`, contrastRatio(filledText, v(`--mantine-color-${name}-filled-hover`))],
    );
  }
  return out;
}

const failing = (list: Array<[string, number]>) =>
  list.filter(([, ratio]) => ratio < MIN_CONTRAST).map(([what, ratio]) => `${what} ${ratio.toFixed(2)}`);

describe('theme colours meet WCAG 2.1 AA text contrast (4.5:1)', () => {
  it('contrastRatio is the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  it('Mantine’s default variables fail it in many places (what the theme fixes)', () => {
    const before = failing(pairs(false));
    expect(before).toContain('dimmed on white 3.32');
    expect(before.some((f) => f.startsWith('yellow filled '))).toBe(true);
    expect(before.some((f) => f.startsWith('green light '))).toBe(true);
    expect(before.length).toBeGreaterThan(20);
  });

  it('every pair the LabelDesk theme draws passes, for every palette colour', () => {
    expect(failing(pairs(true))).toEqual([]);
  });

  it('keeps the palette’s look where it already passes: dimmed is gray.7, indigo buttons stay white on indigo', () => {
    const v = lightVariables(true);
    expect(v('--mantine-color-dimmed')).toBe(theme.colors.gray[7]);
    expect(accessibleVariantColors({ color: 'indigo', theme, variant: 'filled' }).color).toBe(theme.white);
    expect(accessibleVariantColors({ color: 'yellow', theme, variant: 'filled' }).color).toBe(theme.black);
  });
});
