import { type Job } from '@jobboard/contract/jobs';
import { ownLogoPath } from '@jobboard/contract/site';
import { useState } from 'react';
import styled from 'styled-components';
import { BuildingIcon } from './icons';

/**
 * The company's logo, or a placeholder icon when there is none (or it fails to load). Decorative:
 * the company's name is always written next to it. Only a logo the board serves itself
 * (`/logos/<hash>.png`) is shown: a visitor's browser never asks a third party for one.
 */
export function CompanyLogo({ company, size = 48 }: { company: Job['company']; size?: number }) {
  const [failed, setFailed] = useState(false);
  const src = ownLogoPath(company.logo);
  return (
    <Frame style={{ width: size, height: size }}>
      {src && !failed ? (
        <img src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />
      ) : (
        <BuildingIcon />
      )}
    </Frame>
  );
}

const Frame = styled.div`
  flex: none;
  display: grid;
  place-items: center;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  img {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;
