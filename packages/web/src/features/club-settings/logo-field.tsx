import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '@flightline/domain/club/club-logo';
import { errorMessage } from '../../lib/api.ts';
import { uploadClubLogo } from './api.ts';
import { REMOVE_WIDTH } from './settings-page-parts.tsx';

const kB = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * The logo: an image file uploaded as soon as it is chosen (the server checks
 * it and answers its address), shown here, and the club's logo once saved.
 * Images are served from this site only (docs/decisions/0008-security-headers.md).
 */
export function LogoField({
  club,
  logo,
  savedLogo,
  error,
  onChange,
}: {
  club: string;
  logo: string;
  savedLogo: string;
  error: string | undefined;
  onChange: (logo: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadClubLogo(club, file),
    onSuccess: (answer) => onChange(answer.clubLogo),
    onError: (failure) => setProblem(errorMessage(failure)),
  });
  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(null);
    // The server checks again, by the file's bytes; these say it at once.
    if (file.type && !(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setProblem('Choose a PNG, JPEG or WebP image; SVG and other files are not accepted');
    } else if (file.size > MAX_LOGO_BYTES) {
      setProblem(
        `The image is ${kB(file.size)} kB; a logo may be at most ` +
          `${kB(MAX_LOGO_BYTES)} kB: save it smaller and choose it again`,
      );
    } else {
      upload.mutate(file);
    }
  };
  const message = problem ?? error;
  const status =
    logo === savedLogo ? null : logo ? 'New logo: members see it once you Save.' : 'No logo once you Save.';
  return (
    <div className="mb-3" role="group" aria-labelledby="club-logo-label">
      <div id="club-logo-label" className="form-label">
        Logo
      </div>
      <div className="d-flex align-items-center gap-2 mb-2" style={{ minHeight: 56 }}>
        {logo ? (
          <img
            src={logo}
            alt="Club logo"
            className="border rounded p-1 bg-white"
            style={{ height: 64, width: 'auto', maxWidth: 160, objectFit: 'contain' }}
          />
        ) : (
          <span className="text-body-secondary">No logo</span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        className="d-none"
        accept={LOGO_CONTENT_TYPES.join(',')}
        aria-label="Logo image file"
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <div className="d-flex gap-2">
        <Button
          variant="outline-primary"
          className="flex-grow-1 flex-sm-grow-0"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          aria-busy={upload.isPending}
        >
          {upload.isPending && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {upload.isPending ? 'Uploading…' : logo ? 'Choose another image' : 'Choose an image'}
        </Button>
        {logo && (
          <Button
            variant="outline-danger"
            style={{ width: REMOVE_WIDTH, flexShrink: 0 }}
            onClick={() => onChange('')}
            disabled={upload.isPending}
          >
            Remove
          </Button>
        )}
      </div>
      {message ? (
        <div className="invalid-feedback d-block" role="alert">
          {message}
        </div>
      ) : (
        <Form.Text muted className="d-block">
          {status ?? 'A PNG, JPEG or WebP image of at most 256 kB, shown on Home.'}
        </Form.Text>
      )}
    </div>
  );
}
