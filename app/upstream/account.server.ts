import { callEndpoint } from "~/upstream/client.server";
import { userEndpoints } from "~/upstream/contract/users";

/** POST /users/generate-key: mails a security key to the account's address (account deletion, step 1). */
export function generateDeletionKey(request: Request, email: string) {
  return callEndpoint(request, userEndpoints.generateKey, { body: { email }, public: true });
}

/** POST /users/delete-user: deletes the account when the security key matches (step 2). */
export function deleteAccount(request: Request, body: { email: string; securityKey: string }) {
  return callEndpoint(request, userEndpoints.deleteUser, { body, public: true });
}
