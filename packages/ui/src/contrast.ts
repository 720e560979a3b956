import {
  type CSSVariablesResolver,
  darken,
  defaultVariantColorsResolver,
  luminance,
  type MantineTheme,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * WCAG 2.1 AA for the kit's colours. Mantine's default palette draws text below 4.5:1 in many places (white on yellow,
 * green or the indigo primary, 'light' badges' shade 9 on shade 1, dimmed gray 6 on white). Rather than each screen
 * picking shades, the theme derives every text colour it hands out from the palette, once, so it is readable on the
 * background it is drawn on: a screen says color="green" and gets a readable green.
 */
export const MIN_CONTRAST = 4.5;

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The first shade from `from` up that reads on `background`, else shade 9 darkened just enough. */
export function readableShade(palette: readonly string[], background: string, from = 6): string {
  for (let shade = from; shade <= 9; shade++) {
    const color = palette[shade] as string;
    if (contrastRatio(color, background) >= MIN_CONTRAST) return color;
  }
  const darkest = palette[9] as string;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const color = darken(darkest, amount);
    if (contrastRatio(color, background) >= MIN_CONTRAST) return color;
  }
  return '#000000';
}

/**
 * What a filled surface of `color` looks like: its usual shade under white text when some shade from the primary one
 * up carries white text, else the usual shade under black text (a colour too light for white reads with black).
 */
export function filledColors(palette: readonly string[], primaryShade: number, white: string, black: string) {
  for (let shade = primaryShade; shade <= 9; shade++) {
    const background = palette[shade] as string;
    if (contrastRatio(white, background) >= MIN_CONTRAST) {
      return { background, hover: palette[Math.min(shade + 1, 9)] as string, text: white };
    }
  }
  return {
    background: palette[primaryShade] as string,
    hover: palette[Math.min(primaryShade + 1, 9)] as string,
    text: black,
  };
}

const lightPrimaryShade = (theme: MantineTheme) =>
  typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;

/**
 * The light scheme's colour variables, per palette colour: text and outline readable on white, the 'light' variant's
 * text readable on its hover background (so on its resting one too), the filled surface as above; plus dimmed text,
 * placeholders, links and errors.
 */
export const accessibleCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const shade = lightPrimaryShade(theme);
  for (const [name, palette] of Object.entries(theme.colors)) {
    const onWhite = readableShade(palette, theme.white);
    const filled = filledColors(palette, shade, theme.white, theme.black);
    light[`--mantine-color-${name}-text`] = onWhite;
    light[`--mantine-color-${name}-outline`] = onWhite;
    light[`--mantine-color-${name}-filled`] = filled.background;
    light[`--mantine-color-${name}-filled-hover`] = filled.hover;
    light[`--mantine-color-${name}-light-color`] = readableShade(palette, palette[2] as string, 7);
  }
  light['--mantine-color-dimmed'] = readableShade(theme.colors.gray, theme.colors.gray[0] as string);
  light['--mantine-color-placeholder'] = light['--mantine-color-dimmed'];
  light['--mantine-color-anchor'] = `var(--mantine-color-${theme.primaryColor}-text)`;
  light['--mantine-color-error'] = 'var(--mantine-color-red-text)';
  light['--mantine-primary-color-contrast'] = filledColors(
    theme.colors[theme.primaryColor] ?? [],
    shade,
    theme.white,
    theme.black,
  ).text;
  return { variables: {}, light, dark: {} };
};

/** Filled buttons, badges and icons of a palette colour take the text colour that reads on their surface. */
export const accessibleVariantColors: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const { theme } = input;
  const parsed = parseThemeColor({ color: input.color ?? theme.primaryColor, theme });
  if (input.variant !== 'filled' || !parsed.isThemeColor || parsed.shade !== undefined) return base;
  const palette = theme.colors[parsed.color];
  if (!palette) return base;
  return { ...base, color: filledColors(palette, lightPrimaryShade(theme), theme.white, theme.black).text };
};
