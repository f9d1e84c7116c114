import { ApiError } from '@coach/shared/client';
import type { Attachment } from '@coach/shared/contract/tasks';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AttachmentsField } from './attachments-field.tsx';

let latest: Attachment[] = [];

const Field = ({ upload }: { upload: (file: File) => Promise<string> }) => {
  const [value, setValue] = useState<Attachment[]>([]);
  latest = value;
  return <AttachmentsField value={value} onChange={setValue} error={undefined} upload={upload} />;
};

describe('task attachments', () => {
  it('an author attaches a PDF, sees its name cut to 12 characters and removes it', async () => {
    const upload = vi.fn(async () => '/files/task-attachment/abc.pdf');
    render(<Field upload={upload} />);
    const user = userEvent.setup();
    const file = new File(['%PDF-1.4'], 'customer-service-script.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Attach a file'), file);
    expect(await screen.findByRole('link', { name: 'customer-ser' })).toHaveAttribute(
      'href',
      '/files/task-attachment/abc.pdf',
    );
    expect(latest).toEqual([
      {
        fileName: 'customer-service-script.pdf',
        fileType: 'application/pdf',
        fileUrl: '/files/task-attachment/abc.pdf',
        fileSize: 8,
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove customer-service-script.pdf' }));
    expect(latest).toEqual([]);
    expect(screen.getByText('No files attached.')).toBeInTheDocument();
  });

  it('a refused upload shows the reason', async () => {
    const upload = vi.fn(async () => {
      throw new ApiError({
        status: 422,
        message: 'file: Please choose a PDF or an image up to 20 MB',
        field: 'file',
      });
    });
    render(<Field upload={upload} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Attach a file'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a PDF or an image up to 20 MB');
    expect(latest).toEqual([]);
  });
});
