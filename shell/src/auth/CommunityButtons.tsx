import { api } from '@labeldesk/api-client';
import type { PublicSettings } from '@labeldesk/contracts';
import { useEffect, useState } from 'react';

/** Discord and Telegram buttons fed by the public settings; a link the admin has not set is not shown. */
export function CommunityButtons() {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  useEffect(() => {
    let active = true;
    api.settings.publicSettings().then(
      (s) => active && setSettings(s),
      // SPEC §8: a support-settings failure is only logged.
      (error: unknown) => console.warn('Could not load public settings', error),
    );
    return () => {
      active = false;
    };
  }, []);
  if (!settings || (!settings.discordInviteLink && !settings.telegramInviteLink)) return null;
  return (
    <div className="auth-community">
      Join our community
      <div className="auth-community-buttons">
        {settings.discordInviteLink ? (
          <a className="auth-discord" href={settings.discordInviteLink} target="_blank" rel="noopener noreferrer">
            Discord
          </a>
        ) : null}
        {settings.telegramInviteLink ? (
          <a className="auth-telegram" href={settings.telegramInviteLink} target="_blank" rel="noopener noreferrer">
            Telegram
          </a>
        ) : null}
      </div>
    </div>
  );
}
