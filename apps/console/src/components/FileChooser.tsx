import type { Ref } from 'react';

type Props = {
  ref: Ref<HTMLInputElement>;
  accept: string;
  testId: string;
  onFiles: (files: File[]) => void;
};

/**
 * The hidden file input behind an upload button (the button calls its click()): hands over the
 * chosen files and forgets them, so choosing the same file again still counts.
 */
export function FileChooser({ ref, accept, testId, onFiles }: Props) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      multiple
      hidden
      data-testid={testId}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        event.target.value = '';
        onFiles(files);
      }}
    />
  );
}
