// Native modules (better-sqlite3, keytar) are compiled for one runtime's ABI: `npm ci` builds them for
// Node, Electron needs its own build. Both runtimes use the same node_modules, so the build in place
// is swapped: each build is kept in a cache once made, a stamp beside the binary says whose it is,
// and switching back is a copy instead of a compile (better-sqlite3 takes a minute or more).
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The dependencies with a compiled part, built for whichever runtime runs the app. */
export const NATIVE_MODULES = ['better-sqlite3', 'keytar'];

const STAMP = '.field-desk-runtime';

/**
 * The key a build is filed under. Node builds load in any Node of the same ABI; an Electron build is
 * kept per Electron version (its headers), which also changes the key when Electron is upgraded.
 */
export function runtimeKey({ kind, version, abi, platform, arch }) {
  const of = kind === 'electron' ? `electron-${version}` : `node-abi${abi}`;
  return `${of}-${platform}-${arch}`;
}

/** The current Node, as `npm test` and browser mode run it. */
export function nodeRuntime(process_ = process) {
  return { kind: 'node', version: process_.versions.node, abi: process_.versions.modules, platform: process_.platform, arch: process_.arch };
}

/**
 * What to do for each module, given what it is built for now (`current`, undefined when unknown)
 * and whether a build for `wanted` is cached: keep it, restore the cached build, or compile.
 */
export function planNative(wanted, states) {
  return states.map(({ name, current, cached }) => {
    if (current === wanted) return { name, action: 'keep', current };
    return { name, action: cached ? 'restore' : 'build', current };
  });
}

/**
 * Makes every native module loadable by `runtime`. `io` is the file system and the compilers
 * (`fileSystemIo` below; tests fake it). Resolves with what it did; rejects when a build fails.
 */
export async function ensureNative(runtime, io, modules = NATIVE_MODULES) {
  const wanted = runtimeKey(runtime);
  const states = modules.map((name) => {
    let current = io.readStamp(name);
    // No stamp (built by `npm ci` or by hand), or another runtime's: loading it in this runtime
    // tells whether it already suits. A Node-API module (keytar) loads in both and is never rebuilt.
    if (current !== wanted && io.probe(name)) {
      if (current !== undefined) io.save(name, current);
      current = wanted;
      io.writeStamp(name, wanted);
    }
    return { name, current, cached: io.hasCache(name, wanted) };
  });
  const plan = planNative(wanted, states);
  // Whatever is swapped out is filed first, so switching back later is a copy too.
  for (const step of plan) if (step.action !== 'keep' && step.current !== undefined) io.save(step.name, step.current);
  for (const step of plan) if (step.action === 'restore') io.restore(step.name, wanted);
  const toBuild = plan.filter((step) => step.action === 'build').map((step) => step.name);
  if (toBuild.length > 0) {
    await io.build(toBuild);
    for (const name of toBuild) {
      io.writeStamp(name, wanted);
      io.save(name, wanted);
    }
  }
  return {
    kept: plan.filter((step) => step.action === 'keep').map((step) => step.name),
    restored: plan.filter((step) => step.action === 'restore').map((step) => step.name),
    built: toBuild,
  };
}

/**
 * The real file system under `root`: binaries in node_modules/<name>/build/Release, the cache in
 * node_modules/.cache/field-desk-native/<key>/<name>. `probe` and `build` come from the runtime.
 */
export function fileSystemIo({ root, probe, build }) {
  const releaseDir = (name) => join(root, 'node_modules', name, 'build', 'Release');
  const cacheDir = (name, key) => join(root, 'node_modules', '.cache', 'field-desk-native', key, name);
  const binaries = (folder) => (existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.node')) : []);
  const copyBinaries = (from, to) => {
    mkdirSync(to, { recursive: true });
    for (const file of binaries(from)) copyFileSync(join(from, file), join(to, file));
  };
  // The stamp names the binaries' sizes and times too: a binary replaced behind our back (`npm
  // rebuild` fetching a prebuilt into the same folder) no longer matches and is probed again.
  const fingerprint = (name) =>
    binaries(releaseDir(name))
      .map((file) => {
        const stat = statSync(join(releaseDir(name), file));
        return `${file}:${stat.size}:${Math.trunc(stat.mtimeMs)}`;
      })
      .join(',');
  return {
    readStamp(name) {
      const file = join(releaseDir(name), STAMP);
      if (!existsSync(file)) return undefined;
      try {
        const stamp = JSON.parse(readFileSync(file, 'utf8'));
        return stamp.fingerprint === fingerprint(name) && typeof stamp.key === 'string' ? stamp.key : undefined;
      } catch {
        return undefined;
      }
    },
    writeStamp(name, key) {
      mkdirSync(releaseDir(name), { recursive: true });
      writeFileSync(join(releaseDir(name), STAMP), `${JSON.stringify({ key, fingerprint: fingerprint(name) })}\n`);
    },
    hasCache: (name, key) => binaries(cacheDir(name, key)).length > 0,
    save(name, key) {
      if (binaries(releaseDir(name)).length === 0) return;
      rmSync(cacheDir(name, key), { recursive: true, force: true });
      copyBinaries(releaseDir(name), cacheDir(name, key));
    },
    restore(name, key) {
      copyBinaries(cacheDir(name, key), releaseDir(name));
      this.writeStamp(name, key);
    },
    probe,
    build,
  };
}
