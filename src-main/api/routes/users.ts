// The account's people for its admins (docs/desk.md, "A team at the warehouse"): GET/POST /users, PATCH/DELETE
// /users/<id>. Routes check the request's shape; the user service refuses other roles (403) and other accounts'
// users (404), and writes the audit log.
import { validateNewUser, validateUserChange } from '../../../src-shared/administration.ts';
import { actorOf } from '../../domain/caller.ts';
import type { UserService } from '../../services/users.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { checked } from '../json-input.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { userResource } from '../serializers/client.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

export function userRoutes(router: ApiRouter, users: UserService): void {
  const actor = (ctx: ApiContext) => actorOf(callerOf(ctx));

  router.on(ROUTES.users, async (ctx) => {
    respondData(ctx, 200, (await users.list(actor(ctx))).map(userResource));
  });

  router.on(ROUTES.addUser, {
    parse: (raw) => checked(validateNewUser(raw)),
    handle: async (ctx, { body: request }) => {
      respondData(ctx, 201, userResource(await users.add(actor(ctx), request)));
    },
  });

  router.on(ROUTES.user, async (ctx, { params }) => {
    respondData(ctx, 200, userResource(await users.find(actor(ctx), { id: params.id })));
  });

  router.on(ROUTES.changeUser, {
    parse: (raw) => checked(validateUserChange(raw)),
    handle: async (ctx, { body: change, params }) => {
      const which = { id: params.id };
      // Found (and authorised) before anything changes, so a refused change changes nothing.
      let user = await users.find(actor(ctx), which);
      if (change.role !== undefined) user = await users.setRole(actor(ctx), which, change.role);
      if (change.name !== undefined) user = await users.rename(actor(ctx), which, change.name);
      if (change.password !== undefined) user = await users.setPassword(actor(ctx), which, change.password);
      respondData(ctx, 200, userResource(user));
    },
  });

  router.on(ROUTES.removeUser, async (ctx, { params }) => {
    await users.remove(actor(ctx), { id: params.id });
    ctx.status = 204;
  });
}
