/** Every benchmark in turn; each prints its figures. None fails on a number (CI never runs them to judge). */
import { benchApi } from './api.ts';
import { benchBundle } from './bundle.ts';
import { benchCluster } from './cluster.ts';
import { benchEnumeration } from './enumeration.ts';
import { benchMarketplace } from './marketplace.ts';
import { benchMembers } from './members.ts';
import { benchQueue } from './queue.ts';
import { benchReports } from './reports.ts';
import { inEngineHeap } from './shared.ts';
import { benchSite } from './site.ts';
import { benchSpeech } from './speech.ts';
import { benchTasks } from './tasks.ts';
import { benchWire } from './wire.ts';

// In the speech engine's heap, as the speech bench runs alone.
if (await inEngineHeap()) {
  await benchBundle();
  await benchWire();
  await benchApi();
  await benchMembers();
  await benchMarketplace();
  await benchSite();
  await benchTasks();
  await benchReports();
  await benchEnumeration();
  await benchQueue();
  await benchSpeech();
  await benchCluster();
}
