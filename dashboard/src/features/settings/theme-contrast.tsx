import { contrastRatio, MIN_TEXT_CONTRAST } from '@coach/shared/colour/contrast-ratio';
import { THEME_TEXT_PAIRS } from '@coach/shared/constants/theme';
import type { ThemeSettings } from '@coach/shared/contract/auth';
import { useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';

type PairContrast = {
  text: keyof ThemeSettings;
  background: keyof ThemeSettings;
  ratio: number;
  readable: boolean;
};

/** Each text/background pair of the theme with its contrast (pairs with a colour still being typed are left out). */
export const themeContrasts = (theme: ThemeSettings): PairContrast[] =>
  THEME_TEXT_PAIRS.flatMap(({ text, background }) => {
    const ratio = contrastRatio(theme[text], theme[background]);
    return ratio === null ? [] : [{ text, background, ratio, readable: ratio >= MIN_TEXT_CONTRAST }];
  });

const t = (key: string, options = {}) => i18n.t(`settings:contrast.${key}`, options);
const min = () => formatNumber(MIN_TEXT_CONTRAST);
// Rounded down: 4.496 shows 4.49, not a 4.5 that reads as passing.
const ratioText = (ratio: number) =>
  t('ratio', { ratio: formatNumber(Math.floor(ratio * 100) / 100, { maximumFractionDigits: 2 }) });
const pairName = ({ text, background }: Pick<PairContrast, 'text' | 'background'>) =>
  t('pair', {
    text: i18n.t(`settings:colours.${text}.label`),
    background: i18n.t(`settings:colours.${background}.label`),
  });

/** The confirmation's sentence naming each pair under the minimum with its ratio. */
export const lowContrastText = (low: PairContrast[]) =>
  t('confirmText', {
    min: min(),
    pairs: formatList(low.map((pair) => `${pairName(pair)} (${ratioText(pair.ratio)})`)),
  });

/** The contrast of each text colour on its background as the admin picks them, flagged under 4.5:1 (WCAG 2 AA). */
export const ThemeContrast = ({ theme }: { theme: ThemeSettings }) => {
  const { t: tr } = useTranslation('settings');
  return (
    <section className="theme-contrast" aria-labelledby="theme-contrast-title">
      <h3 id="theme-contrast-title" className="theme-contrast__title">
        {tr('contrast.title')}
      </h3>
      <p className="theme-contrast__note">{tr('contrast.note', { min: min() })}</p>
      <ul className="theme-contrast__list">
        {themeContrasts(theme).map((pair) => (
          <li
            key={pair.text}
            className={`theme-contrast__pair ${pair.readable ? '' : 'theme-contrast__pair--low'}`}
          >
            <span className="theme-contrast__name">{pairName(pair)}</span>
            {/* A swatch: the text colour as a bar on the background (the preview beside shows them as text). */}
            <span
              className="theme-contrast__sample"
              style={{ background: theme[pair.background] }}
              aria-hidden="true"
            >
              <span className="theme-contrast__bar" style={{ background: theme[pair.text] }} />
            </span>
            <span className="theme-contrast__ratio">{ratioText(pair.ratio)}</span>
            <span className={pair.readable ? 'chip chip--success' : 'chip chip--danger'}>
              {pair.readable ? tr('contrast.ok') : tr('contrast.low')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
};
