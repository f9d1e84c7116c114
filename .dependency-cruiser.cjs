/**
 * Import boundaries of ARCHITECTURE.md ("Boundaries"), checked by `pnpm lint`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'shared-stays-pure',
      comment: 'shared/ imports nothing of the server, the dashboard or the site.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|dashboard|sites)/' },
    },
    {
      name: 'clients-only-over-http',
      comment: 'The dashboard and the site reach the server only over HTTP through @coach/shared.',
      severity: 'error',
      from: { path: '^(dashboard|sites)/' },
      to: { path: '^server/' },
    },
    {
      name: 'features-do-not-import-features',
      comment: 'dashboard/src/features/<a> never imports features/<b>; only app/ composes features.',
      severity: 'error',
      from: { path: '^dashboard/src/features/([^/]+)/' },
      to: { path: '^dashboard/src/features/', pathNot: '^dashboard/src/features/$1/' },
    },
    {
      name: 'ui-imports-no-feature',
      comment: 'dashboard/src/ui/ is the design system: it imports no feature, no app code and no widget.',
      severity: 'error',
      from: { path: '^dashboard/src/ui/' },
      to: { path: '^dashboard/src/(features|app|widgets)/' },
    },
    {
      name: 'ui-calls-no-api',
      comment:
        'dashboard/src/ui/ holds pure building blocks: nothing in it reaches the API client (lib/api.ts), directly or through a hook or another module; a block that loads or saves data is a widget (dashboard/src/widgets/). Its tests may render the whole app.',
      severity: 'error',
      from: { path: '^dashboard/src/ui/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^dashboard/src/lib/api\\.ts$', reachable: true },
    },
    {
      name: 'widgets-import-no-feature',
      comment:
        'dashboard/src/widgets/ (building blocks that call the API) serve features and app/, never import them.',
      severity: 'error',
      from: { path: '^dashboard/src/widgets/' },
      to: { path: '^dashboard/src/(features|app)/' },
    },
    {
      name: 'sdks-only-in-providers',
      comment: 'Only server/src/providers/ imports an outside-service SDK (mail, storage, payments, models).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/providers/' },
      to: { path: 'node_modules/(nodemailer|@aws-sdk|stripe|openai)/' },
    },
    {
      name: 'routes-do-not-query',
      comment: 'Route files call services; queries live in services or server/src/db/.',
      severity: 'error',
      from: { path: '^server/src/routes/' },
      to: { path: 'node_modules/kysely/' },
    },
    {
      name: 'services-know-no-http',
      comment:
        'Services do the work without HTTP: no Hono, no route files, no adapter (the adapter owns the request and hands services a ServiceContext, services/context.ts).',
      severity: 'error',
      from: { path: '^server/src/services/' },
      to: { path: ['node_modules/hono/', '^server/src/routes/', '^server/src/adapter\\.ts$'] },
    },
    {
      name: 'data-layer-decides-nothing',
      comment:
        'server/src/db holds the connection, schema and migrations: it imports no service, route, provider or seed (the demo seed lives in server/src/seed and may call services). The one exception is the session signal (session/signal.ts), which the connection wires to every commit and which itself imports only the database drivers.',
      severity: 'error',
      from: { path: '^server/src/db/' },
      to: { path: '^server/src/', pathNot: ['^server/src/db/', '^server/src/session/signal\\.ts$'] },
    },
    {
      name: 'areas-keep-their-internals',
      comment:
        'server/src/services/<area>/internal/ holds what only that area uses; another area calls the area through its top-level modules.',
      severity: 'error',
      from: { path: '^server/src/services/([^/]+)/' },
      to: { path: '^server/src/services/[^/]+/internal/', pathNot: '^server/src/services/$1/' },
    },
    {
      name: 'common-is-the-floor',
      comment:
        'server/src/services/common/ (clock, CSV, audit, lists, report ranges, tenant and feature checks) imports no area, so any area may use it.',
      severity: 'error',
      from: { path: '^server/src/services/common/' },
      to: { path: '^server/src/services/(?!common/)[^/]+/' },
    },
    {
      name: 'services-do-not-seed',
      comment:
        'Services and routes never reach into the demo seed (only main.ts, tests and scripts start it).',
      severity: 'error',
      from: { path: '^server/src/(services|routes|providers|db)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/src/seed/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.astro|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
