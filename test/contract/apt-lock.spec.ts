import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killedWithTheSuite } from '../support/children';
import { within } from '../support/time';

const repoRoot = join(__dirname, '..', '..');
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/**
 * Issue #44 item 18: the install's apt-get waits, bounded, while another apt-get or dpkg holds apt's locks (as
 * unattended upgrades do on a fresh machine) instead of failing at once. Real apt-get, real locks, on a state of
 * apt's own (APT_CONFIG: its own package lists, dpkg status and no sources), so no network and no root are needed
 * and the machine's apt is never held. The lists' lock is held by another apt-get's update, dpkg's by a Python
 * process as unattended-upgrade's is; each holds it while the file `hold` exists.
 */
const aptHere = has('apt-get') ? describe : describe.skip;

aptHere('the install’s apt-get, while another holds apt’s lock', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'crewclock-apt-'));
    for (const folder of ['lists/partial', 'cache/archives/partial', 'dpkg/updates', 'sources.list.d'])
      mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, 'dpkg/status'), '');
    writeFileSync(join(dir, 'sources.list'), '');
    writeFileSync(
      join(dir, 'apt.conf'),
      [
        `Dir::State::Lists "${dir}/lists";`,
        `Dir::State::status "${dir}/dpkg/status";`,
        `Dir::Etc::SourceList "${dir}/sources.list";`,
        `Dir::Etc::SourceParts "${dir}/sources.list.d";`,
        `Dir::Cache "${dir}/cache";`,
      ].join('\n'),
    );
    env = { ...process.env, APT_CONFIG: join(dir, 'apt.conf') };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Holds a lock by the command's process, until `release()`: resolves once it holds it. */
  async function holding(command: string[]) {
    writeFileSync(join(dir, 'hold'), '');
    const holder = killedWithTheSuite(spawn(command[0], command.slice(1), { cwd: dir, env, stdio: 'ignore' }));
    const deadline = Date.now() + within(20_000);
    while (!existsSync(join(dir, 'holding'))) {
      if (Date.now() > deadline || holder.exitCode !== null) throw new Error(`${command[0]} never held the lock`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    return {
      pid: holder.pid!,
      release: async () => {
        rmSync(join(dir, 'hold'));
        await exited;
      },
    };
  }
  // apt runs its hooks in /tmp: the paths are whole.
  const anotherUpdate = () => [
    'apt-get',
    '-o',
    `APT::Update::Pre-Invoke::=touch ${dir}/holding; while [ -e ${dir}/hold ]; do sleep 0.1; done`,
    'update',
  ];
  const unattendedUpgrade = [
    'python3',
    '-c',
    "import fcntl, os, time; lock = open('dpkg/lock-frontend', 'a'); fcntl.lockf(lock, fcntl.LOCK_EX); " +
      "open('holding', 'w').close()\nwhile os.path.exists('hold'): time.sleep(0.1)",
  ];

  function install(apt: string, wait = 60) {
    let output = '';
    const child = killedWithTheSuite(
      spawn('bash', ['-c', `source ${join(repoRoot, 'scripts/apt.sh')}; waiting_for_apt ${apt}`], {
        cwd: dir,
        env: { ...env, APT_LOCK_WAIT: String(wait) },
      }),
    );
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { output: () => output, exited };
  }

  async function saying(run: { output(): string }, words: string): Promise<void> {
    const deadline = Date.now() + within(20_000);
    while (!run.output().includes(words)) {
      if (Date.now() > deadline) throw new Error(`never said "${words}": ${run.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('waits for the package lists another apt-get is updating, saying so, then updates them', async () => {
    const { pid, release } = await holding(anotherUpdate());
    const update = install('apt-get update -qq');
    await saying(
      update,
      `==> waiting (up to 60 s) for another apt-get or dpkg to finish: Could not get lock ${dir}/lists/lock. ` +
        `It is held by process ${pid} (apt-get)`,
    );
    await release();
    expect(await update.exited).toBe(0);
  });

  (has('python3') ? it : it.skip)('waits for dpkg’s lock, then installs', async () => {
    const { pid, release } = await holding(unattendedUpgrade);
    const installing = install('apt-get install -y -qq');
    await saying(installing, `Could not get lock ${dir}/dpkg/lock-frontend. It is held by process ${pid} (python3)`);
    await release();
    expect(await installing.exited).toBe(0);
  });

  it('gives up after its bound, with what held the lock', async () => {
    const { pid, release } = await holding(anotherUpdate());
    const update = install('apt-get update -qq', 2);
    expect(await update.exited).toBe(1);
    expect(update.output()).toContain(
      `==> gave up waiting for another apt-get or dpkg after 2 s: Could not get lock ${dir}/lists/lock. ` +
        `It is held by process ${pid} (apt-get)`,
    );
    await release();
  });

  it('fails at once on anything but a held lock', async () => {
    const installing = install('apt-get install -y -qq crewclock-no-such-package');
    expect(await installing.exited).toBe(1);
    expect(installing.output()).toContain('Unable to locate package crewclock-no-such-package');
    expect(installing.output()).not.toContain('waiting');
  });
});
