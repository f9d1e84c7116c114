import type { ReactNode } from 'react';

/**
 * Text a person typed (a task's title, a question, an option, a course's text), isolated in its own direction:
 * an English question in an Arabic page keeps its question mark at its end, and the page's own layout (numbers,
 * list markers, alignment) stays as the language has it.
 */
export const UserText = ({ children, className }: { children: ReactNode; className?: string }) => (
  <span dir="auto" className={className}>
    {children}
  </span>
);
