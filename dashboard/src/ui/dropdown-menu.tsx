import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import './ui.css';

/** A styled radix DropdownMenu: a trigger and a list of items, links or separators. */
export const DropdownMenu = ({
  trigger,
  label,
  children,
  align = 'end',
}: {
  trigger: ReactNode;
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
}) => (
  <RadixMenu.Root modal={false}>
    <RadixMenu.Trigger asChild aria-label={label}>
      {trigger}
    </RadixMenu.Trigger>
    <RadixMenu.Portal>
      <RadixMenu.Content className="menu" align={align} sideOffset={8}>
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  </RadixMenu.Root>
);

export const DropdownMenuItem = ({
  children,
  onSelect,
  asChild,
}: {
  children: ReactNode;
  onSelect?: () => void;
  asChild?: boolean;
}) => (
  <RadixMenu.Item className="menu__item" onSelect={onSelect} asChild={asChild}>
    {children}
  </RadixMenu.Item>
);

export const DropdownMenuLabel = ({ children }: { children: ReactNode }) => (
  <RadixMenu.Label className="menu__label">{children}</RadixMenu.Label>
);

export const DropdownMenuSeparator = () => <RadixMenu.Separator className="menu__separator" />;
