/** Tables of the identity module (migration 2026-11-24T06-00_identity, ADR 0023). */
export interface IdentityTables {
  identity_providers: IdentityProviderTable;
  identity_requests: IdentityRequestTable;
  identity_links: IdentityLinkTable;
  identity_sessions: IdentitySessionTable;
}

/** The tenant's identity provider. */
export interface IdentityProviderTable {
  tenant_id: string;
  /** oidc | cas | ldap */
  type: string;
  /** The sign-in button's label, such as '统一身份认证'. */
  name: string;
  enabled: number;
  /** 1: the password login stays on for everyone; 0: only break-glass administrators may use it. */
  local_login: number;
  /** JSON of the type's settings, without the secret. */
  settings: string;
  /** The client secret or bind password, sealed (AES-256-GCM under a key derived from TOKEN_SECRET); '' when none. */
  secret_sealed: string;
  updated_at: string;
}

/** One sign-in under way: single use, bound to the browser that started it. */
export interface IdentityRequestTable {
  state_hash: string;
  tenant_id: string;
  type: string;
  nonce: string;
  code_verifier: string;
  /** The portal path to return to (checked: same origin, a path only). */
  return_to: string;
  /** Keyed hash of the cookie value set on the browser that started the sign-in. */
  browser_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** A hand-off's JSON (the account and the provider's session), '' for a sign-in request. */
  payload: string;
}

export interface IdentityLinkTable {
  tenant_id: string;
  type: string;
  /** The provider's stable id of the person (OIDC sub, CAS user, LDAP DN). */
  subject: string;
  user_id: string;
  department: string;
  created_at: string;
  last_login_at: string;
}

export interface IdentitySessionTable {
  session_id: string;
  tenant_id: string;
  type: string;
  /** The ID token, for id_token_hint at RP-initiated logout (OIDC); '' for the others. */
  id_token: string;
  /** The provider's session id (OIDC sid, CAS service ticket) for logout from the provider's side. */
  sid: string;
  created_at: string;
}
