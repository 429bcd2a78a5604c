import account from "./account";
import admin from "./admin";
import audit from "./audit";
import auth from "./auth";
import batches from "./batches";
import catalog from "./catalog";
import common from "./common";
import contact from "./contact";
import home from "./home";
import keys from "./keys";
import legal from "./legal";
import protection from "./protection";
import report from "./report";
import scanner from "./scanner";
import server from "./server";
import team from "./team";
import verify from "./verify";

export default { common, home, catalog, verify, contact, auth, admin, batches, legal, team, account, audit, protection, report, scanner, server, keys };
