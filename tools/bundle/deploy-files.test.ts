import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * docs/deploy's Docker files as read, not run (no Docker on the test machines; issue 46): the
 * image is built from the repository in two stages, a builder that installs and bundles and a
 * runtime that holds the bundle alone, and compose passes the whole environment file to the
 * site. That the settings of example.env are the server's own and pass its checks is the
 * bundle's system test (bundle.system.test.ts, `jobboard config check` on them).
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Stage {
  image: string;
  name: string;
  /** Its instructions, continuation lines joined, comments left out. */
  lines: string[];
}

/** A Dockerfile's stages, each from its FROM to the next. */
function stagesOf(dockerfile: string): Stage[] {
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) stages.push({ image: from[1]!, name: from[2] ?? '', lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

describe('docs/deploy/Dockerfile', () => {
  const stages = stagesOf(read('docs/deploy/Dockerfile'));
  const [builder, runtime] = stages;

  it('builds from the repository in two stages: a builder, then the runtime image', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['builder', 'runtime']);
    // The same Debian in both, so the native modules built in one load in the other; never Alpine.
    expect(builder!.image).toMatch(/^node:24-bookworm$/);
    expect(runtime!.image).toMatch(/^node:24-bookworm-slim$/);
  });

  it('installs from the lockfile and makes the bundle in the builder', () => {
    expect(builder!.lines).toContain('COPY . .');
    const run = builder!.lines.filter((line) => line.startsWith('RUN ')).join(' ');
    expect(run).toContain('pnpm install --frozen-lockfile');
    expect(run).toMatch(/BUILD_COMMIT="\$BUILD_COMMIT" pnpm bundle/);
    expect(builder!.lines).toContain('ARG BUILD_COMMIT');
  });

  it('copies the bundle alone into the runtime, where nothing is installed or built', () => {
    // Where `pnpm bundle` writes it (tools/bundle/bundle.ts), under the builder's WORKDIR.
    expect(read('tools/bundle/bundle.ts')).toContain("const OUT = path.join(DIST, 'jobboard');");
    expect(builder!.lines).toContain('WORKDIR /src');
    expect(runtime!.lines).toContain(
      'COPY --from=builder --chown=root:root /src/dist/jobboard /opt/jobboard',
    );
    expect(runtime!.lines.filter((line) => line.startsWith('COPY'))).toHaveLength(1);
    expect(runtime!.lines.join('\n')).not.toMatch(/pnpm|npm (install|ci)|corepack/);
    expect(runtime!.lines).toContain('ENTRYPOINT ["/opt/jobboard/bin/jobboard"]');
    expect(runtime!.lines).toContain('USER node');
    // Inside Docker the proxy comes through Docker's network: the site must listen on it.
    expect(runtime!.lines.join('\n')).toMatch(/ENV .*HOST=0\.0\.0\.0/);
  });

  it("keeps the checkout's builds and installs out of the build context", () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', 'dist', 'releases', '.git']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('docs/deploy/compose.yaml', () => {
  const compose = parse(read('docs/deploy/compose.yaml'), { merge: true }) as {
    services: Record<
      string,
      {
        image?: string;
        env_file?: string | string[];
        environment?: Record<string, string>;
        command?: string[];
        depends_on?: Record<string, { condition: string }>;
      }
    >;
  };
  const { site, migrate } = compose.services;

  it('passes the whole environment file to the site and to migrate', () => {
    for (const service of [site!, migrate!]) {
      expect(service.env_file).toBe('.env');
      // Only what compose itself decides: its own database, and where the volume is.
      expect(Object.keys(service.environment ?? {}).sort()).toEqual(['DATABASE_URL', 'DATA_DIR']);
    }
  });

  it('migrates with the image being started, before the site', () => {
    expect(migrate!.image).toBe(site!.image);
    expect(migrate!.command).toEqual(['migrate']);
    expect(site!.command).toEqual(['serve']);
    expect(site!.depends_on?.migrate?.condition).toBe('service_completed_successfully');
  });

  it('is filled from example.env, which names the settings production asks for', () => {
    const names = read('docs/deploy/example.env')
      .split('\n')
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(line)?.[1])
      .filter(Boolean);
    for (const name of [
      'JOBBOARD_IMAGE',
      'POSTGRES_PASSWORD',
      'SESSION_SECRET',
      'TOTP_ENCRYPTION_KEY',
      'HUMAN_PROOF_SECRET',
      'PUBLIC_URL',
      'TRUST_PROXY',
      'SMTP_URL',
      'MAIL_FROM',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]) {
      expect(names).toContain(name);
    }
  });
});
