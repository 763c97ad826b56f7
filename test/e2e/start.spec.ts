import { electronBinary } from '../../scripts/electron-binary.cjs';
import { expect, startWebHostProcess, test } from './fixtures';

test('npm start without the Electron binary says so in one line and serves browser mode', async ({ page }) => {
  test.skip(electronBinary() !== undefined, 'Electron is installed here, so npm start opens the desktop app.');
  const host = await startWebHostProcess({ forceBrowserMode: false });
  try {
    const lines = host.output().trim().split('\n');
    expect(lines[0]).toBe(
      'Electron is not installed on this machine, so Field Desk starts in browser mode (npm run electron:fetch installs it where downloads work).',
    );
    expect(lines[1]).toBe(`Field Desk is running in browser mode. Open: ${host.url}`);
    await page.goto(host.url);
    await expect(page.getByTestId('sidebar-version')).toContainText('Browser mode');
  } finally {
    await host.stop();
  }
});
