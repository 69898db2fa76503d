import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's OpenLDAP (`slapd`, package slapd) for the LDAP tests: its own configuration and database in a temporary
 * directory, loaded with slapadd from an LDIF of a few people and groups, listening on a free port of 127.0.0.1.
 * `.ci/run` installs slapd and ldap-utils when the machine lacks them.
 */
export const LDAP_SUFFIX = 'dc=example,dc=edu';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = 'ldap-admin-secret';
export const LDAP_SERVICE_DN = `cn=portal,ou=services,${LDAP_SUFFIX}`;
export const LDAP_SERVICE_PASSWORD = 'portal-bind-secret';
export const LDAP_PEOPLE_BASE = `ou=people,${LDAP_SUFFIX}`;

/** The people of the test directory: uid, password, name, department; teachers are in the group 'teachers'. */
export const LDAP_PEOPLE = [
  { uid: 'wang.wu', password: 'Wang#2026', cn: '王五', ou: '物理学院', groups: ['students'] },
  { uid: 'zhao.liu', password: 'Zhao#2026', cn: '赵六', ou: '数学学院', groups: ['teachers'] },
  { uid: 'sun.qi', password: 'Sun#2026', cn: '孙七', ou: '后勤处', groups: [] as string[] },
];

const SEED = `dn: ${LDAP_SUFFIX}
objectClass: top
objectClass: dcObject
objectClass: organization
o: Example University
dc: example

dn: ou=people,${LDAP_SUFFIX}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${LDAP_SUFFIX}
objectClass: organizationalUnit
ou: groups

dn: ou=services,${LDAP_SUFFIX}
objectClass: organizationalUnit
ou: services

dn: ${LDAP_SERVICE_DN}
objectClass: person
cn: portal
sn: portal
userPassword: ${LDAP_SERVICE_PASSWORD}

${LDAP_PEOPLE.map(
  (p) => `dn: uid=${p.uid},${LDAP_PEOPLE_BASE}
objectClass: inetOrgPerson
uid: ${p.uid}
cn: ${p.cn}
sn: ${p.cn.slice(0, 1)}
ou: ${p.ou}
userPassword: ${p.password}
`,
).join('\n')}
dn: cn=students,ou=groups,${LDAP_SUFFIX}
objectClass: groupOfNames
cn: students
${LDAP_PEOPLE.filter((p) => p.groups.includes('students'))
  .map((p) => `member: uid=${p.uid},${LDAP_PEOPLE_BASE}`)
  .join('\n')}

dn: cn=teachers,ou=groups,${LDAP_SUFFIX}
objectClass: groupOfNames
cn: teachers
${LDAP_PEOPLE.filter((p) => p.groups.includes('teachers'))
  .map((p) => `member: uid=${p.uid},${LDAP_PEOPLE_BASE}`)
  .join('\n')}
`;

export type TestSlapd = { url: string; port: number; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export const slapdAvailable = () => spawnSync('/usr/sbin/slapd', ['-VV'], { stdio: 'ignore' }).error === undefined;

export async function startSlapd(): Promise<TestSlapd> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-slapd-'));
  mkdirSync(join(dir, 'db'));
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'include /etc/ldap/schema/nis.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      `argsfile ${join(dir, 'slapd.args')}`,
      'database mdb',
      'maxsize 16777216',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN_DN}"`,
      `rootpw ${LDAP_ADMIN_PASSWORD}`,
      `directory ${join(dir, 'db')}`,
      // Passwords are compared, never read; people and groups are readable to bound users and the search account.
      'access to attrs=userPassword by anonymous auth by self write by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'seed.ldif'), SEED);
  const add = spawnSync('/usr/sbin/slapadd', ['-f', conf, '-l', join(dir, 'seed.ldif')], { encoding: 'utf8' });
  if (add.status !== 0) throw new Error(`slapadd failed: ${add.stderr}`);

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('/usr/sbin/slapd', ['-f', conf, '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  // Ready once the port takes connections.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}: ${stderr}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`slapd did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
