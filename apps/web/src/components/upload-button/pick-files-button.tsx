import UploadFile from '@mui/icons-material/UploadFile';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef, type ReactNode } from 'react';

export interface PickFilesButtonProps {
  /** The button's text ("Choose a file"). */
  children: ReactNode;
  /** File types the picker offers (`.csv,.xlsx`). */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  /** The files picked; empty when the picker gave none. Picking the same file again calls it again. */
  onFiles: (files: File[]) => void;
  /** `data-testid` of the hidden file input (tests set files on it). */
  inputTestId?: string;
}

/**
 * A button that opens the browser's file picker. A real `<button>` that clicks a hidden file input: a `<label>` drawn
 * as a button would carry `role="button"`, which a label may not have (axe-core `aria-allowed-role`), and would not
 * be a button to a screen reader's list of buttons.
 */
export function PickFilesButton({ children, accept, multiple = false, disabled = false, variant = 'outlined', onFiles, inputTestId }: PickFilesButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} startIcon={<UploadFile />} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        data-testid={inputTestId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
