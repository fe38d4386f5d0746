import { JOB_FORM_FIELDS } from '@jobboard/contract/jobs';
import {
  LOGO_UPLOAD_MESSAGES,
  LOGO_UPLOAD_TYPES,
  logoFileProblem,
  uploadedLogoHash,
} from '@jobboard/contract/submissions';
import { Button, ErrorText, HintText, Label, errorMessage } from '@jobboard/shared-ui';
import { UrlInput } from '@jobboard/shared-ui/forms';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useField } from 'react-final-form';
import styled from 'styled-components';
import { uploadLogo } from '../api/upload-logo';
import type { LogoUploadInFlight } from '../logo-upload-in-flight';

/**
 * The company logo of the submission form (issue 30): a file (PNG, JPEG or WebP, at most 1 MB,
 * checked here at once and again by the API, which re-encodes it) or, as before, a web address.
 * A chosen file is uploaded straight away (POST /api/logos) and the form's `logoUrl` then holds
 * the stored logo's path (`/logos/<hash>.png`), shown as a preview with a button to remove it.
 * A refused file leaves a message by the field and everything else as it was. The upload in
 * flight is told to `upload`, which a submission pressed meanwhile waits for.
 */
export function LogoField({ upload }: { upload: LogoUploadInFlight }) {
  const { input } = useField<string>('logoUrl', { subscription: { value: true } });
  const uploaded = uploadedLogoHash(input.value) ? input.value : undefined;
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const fileId = useId();
  const errorId = `${fileId}-error`;
  const hintId = `${fileId}-hint`;

  // A page left mid-upload does not set a form that is gone.
  useEffect(() => () => inFlight.current?.abort(), []);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    const refused = logoFileProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.track(send(file));
  };

  /** Upload `file` and set the field to the stored logo: its problem, or null once set. */
  const send = async (file: File): Promise<string | null> => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setUploading(true);
    try {
      const { logo } = await uploadLogo(file, controller.signal);
      input.onChange(logo);
      return null;
    } catch (error) {
      // Replaced by a newer file (or the page left): that one is what counts.
      if (controller.signal.aborted) return null;
      const message = errorMessage(error, LOGO_UPLOAD_MESSAGES.failed);
      setProblem(message);
      return message;
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setUploading(false);
      }
    }
  };

  if (uploaded) {
    return (
      <Uploaded>
        <Label as="span">{JOB_FORM_FIELDS.logoUrl}</Label>
        <Preview src={uploaded} alt={LOGO_UPLOAD_MESSAGES.preview} width={96} height={96} />
        <Button type="button" $variant="secondary" onClick={() => input.onChange('')}>
          {LOGO_UPLOAD_MESSAGES.remove}
        </Button>
      </Uploaded>
    );
  }

  return (
    <Choices>
      <FileChoice>
        <Label htmlFor={fileId}>{LOGO_UPLOAD_MESSAGES.label}</Label>
        <HintText id={hintId}>{LOGO_UPLOAD_MESSAGES.hint}</HintText>
        <input
          id={fileId}
          type="file"
          accept={LOGO_UPLOAD_TYPES.join(',')}
          onChange={onFile}
          disabled={uploading}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
        />
        {uploading && <HintText role="status">{LOGO_UPLOAD_MESSAGES.uploading}</HintText>}
        {problem && (
          <ErrorText id={errorId} role="alert">
            {problem}
          </ErrorText>
        )}
      </FileChoice>
      <UrlInput
        name="logoUrl"
        label={JOB_FORM_FIELDS.logoUrl}
        hint={LOGO_UPLOAD_MESSAGES.orAddress}
      />
    </Choices>
  );
}

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
`;

const FileChoice = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Uploaded = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Preview = styled.img`
  width: 96px;
  height: 96px;
  object-fit: contain;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;
