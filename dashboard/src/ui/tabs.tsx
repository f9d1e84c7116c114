import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import './tabs.css';

export type TabItem<V extends string> = { value: V; label: string };

/**
 * A row of tabs (radix: arrow keys move between them, Home/End jump) over one panel. Only the chosen tab's
 * panel is rendered: `children` is its content. The row scrolls sideways when it does not fit.
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
}) => (
  <RadixTabs.Root
    className="tabs"
    value={value}
    onValueChange={(next) => onValueChange(next as V)}
    activationMode="manual"
  >
    <RadixTabs.List className="tabs__list" aria-label={label}>
      {tabs.map((tab) => (
        <RadixTabs.Trigger key={tab.value} value={tab.value} className="tabs__tab">
          {tab.label}
        </RadixTabs.Trigger>
      ))}
    </RadixTabs.List>
    <RadixTabs.Content value={value} className="tabs__panel">
      {children}
    </RadixTabs.Content>
  </RadixTabs.Root>
);
