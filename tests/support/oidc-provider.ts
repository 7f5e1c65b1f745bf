/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 standing in for
 * LinkedIn: discovery, authorization, its own login and consent pages
 * (devInteractions), token, userinfo and JWKS endpoints. Like LinkedIn it
 * does not require PKCE and puts the profile and e-mail claims in the ID token.
 */
import type { Server } from "node:http";
import Provider from "oidc-provider";
import { listenLocal } from "./listen-local";

export type TestAccountClaims = {
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login (= subject); tests may change them between runs. */
  accounts: Map<string, TestAccountClaims>;
  close(): Promise<void>;
};

export async function startTestProvider(options: {
  redirectUri: string;
  listening?: { server: Server; url: string };
}): Promise<TestProvider> {
  const { server, url: issuer } = options.listening ?? (await listenLocal());
  const clientId = "founderbridge-test";
  const clientSecret = "founderbridge-test-secret-0123456789";
  const accounts = new Map<string, TestAccountClaims>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { required: () => false },
    conformIdTokenClaims: false,
    claims: {
      openid: ["sub"],
      profile: ["name", "given_name", "family_name", "picture"],
      email: ["email", "email_verified"],
    },
    cookies: { keys: ["oidc-test-cookie-key-0123456789"] },
    features: { devInteractions: { enabled: true } },
    findAccount(_ctx: unknown, sub: string) {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...claims }) };
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
