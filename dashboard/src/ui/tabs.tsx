import { isRtlLanguage } from '@coach/shared/constants/languages';
import { Tabs as RadixTabs } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './tabs.css';
import { useScrollEdges } from './use-scroll-edges.ts';

export type TabItem<V extends string> = { value: V; label: string };

/** The width of the fade on a side with more tabs (tabs.css); a tab scrolled to is kept clear of it. */
const FADE_PX = 32;

/**
 * Scrolls the row (never the page) just enough to show the tab clear of the fades; physical pixels from the
 * layout boxes, so the same sum holds right to left.
 */
const showInRow = (row: HTMLElement, tab: HTMLElement) => {
  if (row.scrollWidth <= row.clientWidth) return;
  const rowBox = row.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  const hiddenLeft = rowBox.left + FADE_PX - tabBox.left;
  const hiddenRight = tabBox.right - (rowBox.right - FADE_PX);
  if (hiddenLeft > 0) row.scrollLeft -= hiddenLeft;
  else if (hiddenRight > 0) row.scrollLeft += hiddenRight;
};

/**
 * A row of tabs (radix: arrow keys move between them in the reading direction, Home/End jump) over one panel.
 * Only the chosen tab's panel is rendered: `children` is its content. A row that does not fit (narrow screens)
 * scrolls sideways: a fade on each side that hides more tabs says so, and the chosen or focused tab is scrolled
 * into the row.
 */
export const Tabs = <V extends string>({
  label,
  value,
  onValueChange,
  tabs,
  children,
}: {
  /** What the tabs choose between, for screen readers ("Task types"). */
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  tabs: readonly TabItem<V>[];
  children: ReactNode;
}) => {
  const { i18n } = useTranslation();
  const dir = isRtlLanguage(i18n.language) ? 'rtl' : 'ltr';
  const row = useScrollEdges();
  const { ref, measure } = row;
  // The chosen tab in view: on arrival (a link to the last type) and when another language reorders the row.
  useEffect(() => {
    const list = ref.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (list && active) showInRow(list, active);
    measure();
  }, [value, dir, ref, measure]);
  const className = [
    'tabs__list',
    row.moreAtStart ? 'tabs__list--more-start' : '',
    row.moreAtEnd ? 'tabs__list--more-end' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <RadixTabs.Root
      className="tabs"
      value={value}
      onValueChange={(next) => onValueChange(next as V)}
      activationMode="manual"
      dir={dir}
    >
      <RadixTabs.List ref={ref} className={className} aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className="tabs__tab"
            onFocus={(event) => {
              if (ref.current) showInRow(ref.current, event.currentTarget);
            }}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={value} className="tabs__panel">
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
};
