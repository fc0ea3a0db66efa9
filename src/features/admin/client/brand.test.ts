import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { ColourKey, GeneralSettings } from '../admin.schemas.ts';
import { brandCss, contrastWarnings, textOn } from './brand.ts';

// decision 044: the form warns when a colour fails WCAG AA (4.5:1) for the text it carries.

type Colours = Pick<GeneralSettings, ColourKey>;
const none: Colours = {
  primaryColor1: null,
  primaryColor2: null,
  primaryColor3: null,
  primaryColor4: null,
  secondaryColor1: null,
  secondaryColor2: null,
  secondaryColor3: null,
  secondaryColor4: null,
};
const warningsFor = (chosen: Partial<Colours>) => contrastWarnings({ ...none, ...chosen });

describe('contrastWarnings', () => {
  it('has nothing to say about the default colours', () => {
    expect(warningsFor({})).toEqual({});
  });

  it('warns when primary 1, as link text on white, fails AA, and not when it passes', () => {
    // #fab005 on white is 1.89:1 (shown rounded down); #0b7285 is 5.6:1.
    expect(warningsFor({ primaryColor1: '#fab005' })).toEqual({ primaryColor1: messages.contrastWarning('1.8') });
    expect(warningsFor({ primaryColor1: '#0b7285' })).toEqual({});
  });

  it('draws the line at 4.5:1, never rounding a failing ratio up to it', () => {
    // #767676 on white is 4.54:1 (passes); #777777 is 4.48:1 (fails).
    expect(warningsFor({ primaryColor1: '#767676' })).toEqual({});
    expect(warningsFor({ primaryColor1: '#777777' })).toEqual({ primaryColor1: messages.contrastWarning('4.4') });
  });

  it('checks the light backgrounds under primary-1 text, and the sidebar under its dark text', () => {
    // Under the default primary (indigo 8): #dbe4ff is 4.47:1, #e7f5ff 5.1:1.
    expect(warningsFor({ primaryColor3: '#dbe4ff', primaryColor4: '#e7f5ff' })).toEqual({
      primaryColor3: messages.contrastWarning('4.4'),
    });
    // Under a darker chosen primary 1 instead, #1864ab text on #dbe4ff reads (4.8:1).
    expect(warningsFor({ primaryColor1: '#1864ab', primaryColor3: '#dbe4ff' })).toEqual({});
    expect(warningsFor({ secondaryColor3: '#495057' })).toEqual({ secondaryColor3: messages.contrastWarning('2.5') });
    expect(warningsFor({ secondaryColor3: '#f1f3f5' })).toEqual({});
  });

  it('needs no warning where the text follows the colour (top bar, button hover) or there is none (borders)', () => {
    // The top bar's text is black or white, whichever reads better: mid grey takes black (4.7:1).
    expect(textOn('#777777')).toBe('#000000');
    expect(textOn('#0b7285')).toBe('#ffffff');
    expect(
      warningsFor({
        secondaryColor1: '#777777',
        primaryColor2: '#777777',
        secondaryColor2: '#fff',
        secondaryColor4: '#fff',
      }),
    ).toEqual({});
  });
});

describe('brandCss', () => {
  it('is empty for the defaults and sets the light scheme’s variables for chosen colours', () => {
    expect(brandCss(none)).toBe('');
    const css = brandCss({ ...none, primaryColor1: '#0b7285', secondaryColor1: '#e3fafc' });
    expect(css).toContain("[data-mantine-color-scheme='light']");
    expect(css).toContain('--mantine-primary-color-filled: #0b7285;');
    // Light buttons and badges without a colour read the primary palette's own variables.
    expect(css).toContain('--mantine-color-indigo-filled: #0b7285;');
    expect(css).toContain('--mantine-color-indigo-light-color: #0b7285;');
    expect(css).toMatch(/--mantine-color-indigo-light: rgba\(11, 114, 133, 0\.1\);/);
    expect(css).toContain('--mantine-primary-color-contrast: #ffffff;');
    expect(css).toContain('--cadence-topbar-bg: #e3fafc;');
    expect(css).toContain('--cadence-topbar-color: #000000;');
  });
});
