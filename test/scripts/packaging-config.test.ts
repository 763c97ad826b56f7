import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ICO_SIZES, LINUX_SIZES, icnsEntries, icoSizes, pngSize } from '../../scripts/icon-formats.mjs';

// electron-builder's own loader and schema (from the app-builder-lib it ships with): the file is
// checked exactly as `npm run dist` would read it, without building anything.
const root = resolve(__dirname, '..', '..');
const require = createRequire(import.meta.url);
const builderDir = dirname(require.resolve('electron-builder/package.json'));
const fromBuilder = createRequire(join(builderDir, 'package.json'));
const { getConfig, validateConfiguration } = fromBuilder('app-builder-lib/out/util/config/config') as {
  getConfig: (projectDir: string, configPath: string, options: null) => Promise<Config>;
  validateConfiguration: (config: Config, logger: unknown) => Promise<void>;
};
const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
const { minimatch } = createRequire(fromBuilder.resolve('app-builder-lib/package.json'))('minimatch') as {
  minimatch: (path: string, pattern: string, options: { dot: boolean }) => boolean;
};

interface Config {
  appId: string;
  productName: string;
  /** electron-builder's loader turns the list into `[{ filter: [...] }]`. */
  files: (string | { filter: string[] })[];
  asarUnpack: string[];
  npmRebuild: boolean;
  electronDist: string;
  extraResources: { from: string; to: string }[];
  directories: { output: string; buildResources: string };
  linux: { target: string[]; icon: string; executableName: string };
  deb: { depends: string[] };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
  fileAssociations?: unknown;
  [key: string]: unknown;
}

let config: Config;
beforeAll(async () => {
  config = await getConfig(root, join(root, 'electron-builder.yml'), null);
});

const filePatterns = () => config.files.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.filter));

/** electron-builder's rule: the last pattern that matches decides, a `!` pattern excludes. */
function selected(patterns: string[], file: string): boolean {
  let included = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (minimatch(file, pattern.slice(1), { dot: true })) included = false;
    } else if (minimatch(file, pattern, { dot: true })) included = true;
  }
  return included;
}

describe('the packaging configuration', () => {
  it('passes electron-builder’s own schema', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('names the product and builds AppImage and deb, NSIS and dmg', () => {
    expect(config.productName).toBe('Field Desk');
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.linux.executableName).toBe('field-desk');
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    // keytar needs libsecret at run time.
    expect(config.deb.depends).toContain('libsecret-1-0');
    expect(config.fileAssociations).toBeUndefined();
  });

  it('packs the built app, its entry and the marketplace worker, without sources or maps', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
    for (const file of [pkg.main, 'out/main/marketplace-worker.js', 'out/main/chunks/listen-abc.js', 'out/preload/index.js', 'out/renderer/index.html', 'out/renderer/assets/index-abc.js'])
      expect(selected(filePatterns(), file), file).toBe(true);
    for (const file of ['out/main/index.js.map', 'src-main/index.ts', 'test/scripts/x.test.ts', 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c', 'node_modules/better-sqlite3/build/Release/obj.target/x.o', 'node_modules/better-sqlite3/build/Release/test_extension.node'])
      expect(selected(filePatterns(), file), file).toBe(false);
    // The worker and the demo seed it serves are bundled by electron-vite into out/main.
    expect(readFileSync(join(root, 'electron.vite.config.ts'), 'utf8')).toMatch(/'marketplace-worker': resolve\(__dirname, 'src-main\/local-marketplace\/worker\.ts'\)/);
    expect(readFileSync(join(root, 'src-main/local-marketplace/server.ts'), 'utf8')).toMatch(/seedDemo/);
  });

  it('unpacks the native modules from the asar and keeps the worker packed', () => {
    const unpacked = (file: string) => config.asarUnpack.some((pattern) => minimatch(file, pattern, { dot: true }));
    expect(unpacked('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(true);
    expect(unpacked('node_modules/better-sqlite3/lib/database.js')).toBe(true);
    expect(unpacked('node_modules/keytar/build/Release/keytar.node')).toBe(true);
    // Electron reads worker scripts and their requires from app.asar (since Electron 18).
    expect(unpacked('out/main/marketplace-worker.js')).toBe(false);
    expect(unpacked('node_modules/fastify/fastify.js')).toBe(false);
  });

  it('leaves the native builds to scripts/dist.mjs and packages the Electron npm start runs', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.electronDist).toBe('node_modules/electron/dist');
    expect(readFileSync(join(root, 'scripts/desktop/dist-flow.mjs'), 'utf8')).toMatch(/ensureNative\('electron', binary\)/);
  });
});

describe('the fuses of the packaged binary (issue 22, item 8)', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect, and loads only the integrity-checked app.asar', async () => {
    // The very config electron-builder hands @electron/fuses just before signing.
    const { PlatformPackager } = fromBuilder('app-builder-lib') as {
      PlatformPackager: { prototype: { generateFuseConfig(fuses: unknown): Promise<Record<string | number, unknown>> } };
    };
    const { FuseV1Options, FuseVersion } = createRequire(fromBuilder.resolve('app-builder-lib/package.json'))('@electron/fuses') as {
      FuseV1Options: Record<string, number>;
      FuseVersion: Record<string, string>;
    };
    const flipped = await PlatformPackager.prototype.generateFuseConfig.call({}, config.electronFuses);
    expect(flipped.version).toBe(FuseVersion.V1);
    expect(flipped[FuseV1Options.RunAsNode as number]).toBe(false);
    expect(flipped[FuseV1Options.EnableNodeOptionsEnvironmentVariable as number]).toBe(false);
    expect(flipped[FuseV1Options.EnableNodeCliInspectArguments as number]).toBe(false);
    expect(flipped[FuseV1Options.EnableEmbeddedAsarIntegrityValidation as number]).toBe(true);
    expect(flipped[FuseV1Options.OnlyLoadAppFromAsar as number]).toBe(true);
    // Integrity needs the asar and its embedded hash.
    expect(config.asar).toBe(true);
    expect((config.asar as { disableIntegrity?: boolean } | boolean) === true || !(config.asar as { disableIntegrity?: boolean }).disableIntegrity).toBe(true);
  });

  it('leaves the smoke test a way in that the fuses keep: Chromium’s remote debugging, not Node’s inspector', () => {
    const smoke = readFileSync(join(root, 'scripts', 'smoke-test.mjs'), 'utf8');
    expect(smoke).not.toContain('_electron');
    expect(smoke).toContain('--remote-debugging-port');
  });
});

describe('the app icon', () => {
  it('has a Linux PNG at every size from 16 to 1024, each the size its name says', () => {
    expect(config.linux.icon).toBe('resources/icons');
    const files = readdirSync(join(root, config.linux.icon)).sort();
    expect(files).toEqual(LINUX_SIZES.map((size) => `${size}x${size}.png`).sort());
    expect(LINUX_SIZES).toEqual(expect.arrayContaining([16, 32, 48, 64, 128, 256, 512, 1024]));
    for (const size of LINUX_SIZES) expect(pngSize(readFileSync(join(root, config.linux.icon, `${size}x${size}.png`)))).toEqual({ width: size, height: size });
  });

  it('has a Windows .ico from 16 to 256', () => {
    const ico = readFileSync(join(root, config.win.icon));
    expect(icoSizes(ico)).toEqual(ICO_SIZES);
    expect(ICO_SIZES).toEqual(expect.arrayContaining([16, 24, 32, 48, 256]));
  });

  it('has a macOS .icns with every size up to 1024 (512@2x)', () => {
    const entries = icnsEntries(readFileSync(join(root, config.mac.icon)));
    expect(entries).toEqual(expect.arrayContaining([['icp4', 16], ['icp5', 32], ['ic07', 128], ['ic08', 256], ['ic09', 512], ['ic10', 1024], ['ic14', 512]]));
  });

  it('ships the window icon beside the app and keeps the build resources out of it', () => {
    expect(config.directories.buildResources).toBe('resources');
    for (const { from } of config.extraResources) expect(existsSync(join(root, from)), from).toBe(true);
    expect(pngSize(readFileSync(join(root, 'resources/icon.png')))).toEqual({ width: 512, height: 512 });
  });
});
