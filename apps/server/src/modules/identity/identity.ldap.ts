import { Client, Filter, InvalidCredentialsError, type Entry } from 'ldapts';
import { AppError } from '../../platform/errors.ts';
import type { AppDeps } from '../../platform/http.ts';
import {
  identityError,
  ldapSettingsOf,
  providerSecret,
  type ExternalProfile,
  type ExternalSignIn,
} from './identity.service.ts';

const asStrings = (v: Entry[string] | undefined): string[] =>
  v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)));

/**
 * LDAP (OpenLDAP, Active Directory) through ldapts: search-then-bind. The service account (bind DN and its sealed
 * password, or an anonymous search) finds exactly one entry for the escaped account, then the user's own DN is
 * bound with the typed password. Groups come from the entry's group attribute (memberOf) and from groups under the
 * search base that list the DN as member or uniqueMember. Every step has the configured time limit; a directory
 * that does not answer is reported as unreachable and nothing falls back to a stored password.
 */
export function ldapSignIn(deps: AppDeps): ExternalSignIn {
  return {
    type: 'ldap',
    async checkCredentials({ provider, username, password }): Promise<ExternalProfile> {
      const s = ldapSettingsOf(provider);
      // An empty password would be an unauthenticated bind, which servers answer with success (RFC 4513 5.1.2).
      if (!password) throw identityError(400, 'badCredentials');
      const options = { url: s.url, timeout: s.timeoutMs, connectTimeout: s.timeoutMs, strictDN: false };
      const service = new Client(options);
      const asUser = new Client(options);
      try {
        if (s.startTls) await service.startTLS({});
        if (s.bindDn) await service.bind(s.bindDn, providerSecret(deps, provider));
        const filter = s.filter.replaceAll('{{username}}', Filter.escape(username));
        const wanted = [
          provider.mapping.account,
          provider.mapping.name,
          provider.mapping.department,
          provider.mapping.role,
          s.groupAttribute,
        ].filter(Boolean);
        const { searchEntries } = await service.search(s.searchBase, {
          scope: 'sub',
          filter,
          attributes: wanted,
          sizeLimit: 2,
        });
        // Not found, or ambiguous: the same answer as a wrong password.
        if (searchEntries.length !== 1) throw identityError(400, 'badCredentials');
        const entry = searchEntries[0]!;
        if (s.startTls) await asUser.startTLS({});
        try {
          await asUser.bind(entry.dn, password);
        } catch (err) {
          if (err instanceof InvalidCredentialsError) throw identityError(400, 'badCredentials');
          throw err;
        }
        const groups = new Set(asStrings(entry[s.groupAttribute]));
        const { searchEntries: groupEntries } = await service.search(s.groupSearchBase || s.searchBase, {
          scope: 'sub',
          filter: `(|(&(objectClass=groupOfNames)(member=${Filter.escape(entry.dn)}))(&(objectClass=groupOfUniqueNames)(uniqueMember=${Filter.escape(entry.dn)})))`,
          attributes: ['cn'],
          sizeLimit: 200,
        });
        for (const g of groupEntries) {
          groups.add(g.dn);
          for (const cn of asStrings(g['cn'])) groups.add(cn);
        }
        const one = (name: string) => (name ? (asStrings(entry[name])[0] ?? '') : '');
        return {
          subject: entry.dn,
          account: one(provider.mapping.account) || username,
          name: one(provider.mapping.name),
          department: one(provider.mapping.department),
          roles: [...groups, ...(provider.mapping.role ? asStrings(entry[provider.mapping.role]) : [])],
          sid: '',
          idToken: '',
        };
      } catch (err) {
        if (err instanceof AppError) throw err;
        const e = identityError(502, 'providerUnreachable');
        (e as Error & { cause?: unknown }).cause = err;
        throw e;
      } finally {
        await Promise.allSettled([service.unbind(), asUser.unbind()]);
      }
    },
  };
}
