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

/**
 * An email address that may wrap: after its @ when the line is too short for it whole ("samir.ahmadi@" /
 * "learners.example"), not at whatever letter reaches the edge ("learners.examp" / "le").
 */
export const EmailAddress = ({ email, className }: { email: string; className?: string }) => {
  const at = email.lastIndexOf('@');
  return (
    <span className={className} dir="ltr">
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </span>
  );
};
